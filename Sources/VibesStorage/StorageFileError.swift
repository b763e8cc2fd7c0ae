import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file-system call on one of our files. Holds a path and an errno, never file contents.
public struct StorageFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  public var operation: String
  public var path: String
  public var code: Int32

  public init(_ operation: String, path: String, code: Int32 = errno) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  public var description: String {
    "\(operation) \(path): \(String(cString: strerror(code)))"
  }

  public var errorDescription: String? { description }
}
