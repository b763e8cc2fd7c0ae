import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a short-lived helper (`secret-tool`; `tmux show` for the artwork's passthrough check) with a deadline, so
/// a hung D-Bus (or tmux) cannot hang the app. The child is a `SpawnedChild` (its own process group, the environment
/// given, reaped; killed with its group at the deadline).
///
/// One poll() loop on the calling thread feeds stdin and drains stdout and stderr while the child runs: a full
/// pipe cannot deadlock it, and no thread-pool thread is parked on a blocking read (on Linux, GCD would take
/// about a second to notice and add a thread). Secrets travel only through stdin, never argv or environment.
package enum ChildProcess {
  package struct Result: Sendable {
    package var status: Int32
    package var output: Data
    package var errorOutput: Data
  }

  package enum Failure: Error, Equatable {
    case launchFailed(String)
    case timedOut
  }

  package static func run(
    _ executable: String, arguments: [String], environment: ChildEnvironment, input: Data? = nil,
    timeout: TimeInterval
  ) throws -> Result {
    let deadline = Date().addingTimeInterval(timeout)
    let child: SpawnedChild
    do {
      child = try SpawnedChild.start(
        executable, arguments: arguments, environment: environment, stdin: .pipe, stdout: .pipe, stderr: .pipe)
    } catch {
      throw Failure.launchFailed(String(describing: error))
    }
    guard let inputFD = child.input, let outputFD = child.output, let errorFD = child.errorOutput else {
      child.stop()
      throw Failure.launchFailed("\(executable): no pipes")
    }
    // pump closes the input; the outputs are ours to close.
    let streams = pump(input: input ?? Data(), to: inputFD, output: outputFD, errorOutput: errorFD, until: deadline)
    close(outputFD)
    close(errorFD)
    guard let streams, let ended = child.wait(timeout: max(0, deadline.timeIntervalSinceNow)) else {
      child.stop()
      throw Failure.timedOut
    }
    return Result(status: ended.shellStatus, output: streams.output, errorOutput: streams.errorOutput)
  }

  /// Writes `input` then closes `inputFD`, and reads both outputs to EOF. nil when the deadline passes first.
  private static func pump(
    input: Data, to inputFD: Int32, output: Int32, errorOutput: Int32, until deadline: Date
  )
    -> (output: Data, errorOutput: Data)?
  {
    for fd in [inputFD, output, errorOutput] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    var collected = [Data(), Data()]
    var written = 0
    var inputOpen = true
    if input.isEmpty {
      close(inputFD)
      inputOpen = false
    }
    var readOpen = [true, true]
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    defer { if inputOpen { close(inputFD) } }

    while readOpen[0] || readOpen[1] || inputOpen {
      let milliseconds = Int32(
        max(0, min(deadline.timeIntervalSinceNow * 1000, 60_000)).rounded(.up))
      if milliseconds == 0 { return nil }
      var fds = [
        pollfd(fd: readOpen[0] ? output : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: readOpen[1] ? errorOutput : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: inputOpen ? inputFD : -1, events: Int16(POLLOUT), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return nil
      }
      for index in 0..<2 where readOpen[index] && fds[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
        if count > 0 {
          collected[index].append(contentsOf: buffer[0..<count])
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          readOpen[index] = false
        }
      }
      if inputOpen && fds[2].revents != 0 {
        let done: Bool
        if fds[2].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
          // The child closed its stdin without reading it all; its exit status tells what it made of it.
          done = true
        } else {
          let count = writeWithoutSIGPIPE(inputFD, input, from: written)
          if count >= 0 { written += count }
          done = written >= input.count || (count < 0 && errno != EAGAIN && errno != EINTR)
        }
        if done {
          close(inputFD)
          inputOpen = false
        }
      }
    }
    return (collected[0], collected[1])
  }

  /// One write() of `data[offset...]`. If the child closed its stdin since the last poll (a narrow race: a closed
  /// reader is normally seen as POLLERR first), write() fails with EPIPE instead of the signal killing the app:
  /// SIGPIPE is blocked on this thread only, a pending one is consumed, and the mask restored.
  private static func writeWithoutSIGPIPE(_ fd: Int32, _ data: Data, from offset: Int) -> Int {
    #if canImport(Glibc)
      var blocked = sigset_t()
      var previous = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &blocked, &previous)
      defer {
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
          var zero = timespec(tv_sec: 0, tv_nsec: 0)
          _ = sigtimedwait(&blocked, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
    #else
      _ = fcntl(fd, F_SETNOSIGPIPE, 1)
    #endif
    return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      write(fd, buffer.baseAddress! + offset, buffer.count - offset)
    }
  }
}
