import FlyingFox
import Foundation

/// The demo's iTunes Search API: every search and lookup answers "no songs", so a preview in the demo says "No
/// preview for this song" and nothing goes to Apple (the demo and the end-to-end harness stay on loopback).
enum DemoITunes {
  /// A port next to the demo's other preferred ports.
  static let preferredPort: UInt16 = 47_808

  static func handle(_ request: DemoRequest) -> HTTPResponse {
    guard request.method == "GET", request.path.hasSuffix("/search") || request.path.hasSuffix("/lookup") else {
      return DemoJSON.response(404, ["errorMessage": "Invalid request"])
    }
    return DemoJSON.response(200, ["resultCount": 0, "results": [Any]()])
  }
}
