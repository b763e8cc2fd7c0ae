import CCurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The input thread ("vibes-input", with its own alternate signal stack for the crash handler): never touches ncurses. It poll()s stdin, the signal pipe and a stop pipe, decodes stdin bytes
/// with `KeyDecoder`, resolves a lone Esc after `escapeDelay` ms of silence, and hands each `TerminalEvent` to
/// `emit` (an `AsyncStream`'s continuation, or the main queue: `TerminalSession.deliverEvents(to:)`); `finish` when it ends.
final class InputReader {
  static let escapeDelayMilliseconds: Int32 = 25
  /// How long the rest of a terminal's reply split across reads may take (`KeyDecoder.pendingEscapeIsReply`).
  static let replyDelayMilliseconds: Int32 = 300

  private final class Context {
    let inputFD: Int32
    let signalFD: Int32
    let stopFD: Int32
    let emit: @Sendable (TerminalEvent) -> Void
    let finish: @Sendable () -> Void

    init(
      inputFD: Int32, signalFD: Int32, stopFD: Int32,
      emit: @escaping @Sendable (TerminalEvent) -> Void, finish: @escaping @Sendable () -> Void
    ) {
      self.inputFD = inputFD
      self.signalFD = signalFD
      self.stopFD = stopFD
      self.emit = emit
      self.finish = finish
    }
  }

  private var thread: pthread_t
  private let stopWriteFD: Int32
  private var joined = false

  private init(thread: pthread_t, stopWriteFD: Int32) {
    self.thread = thread
    self.stopWriteFD = stopWriteFD
  }

  /// Starts the thread; nil (and `finish` called) when no thread can be created.
  static func start(
    inputFD: Int32, signalFD: Int32, stopPipe: (read: Int32, write: Int32),
    emit: @escaping @Sendable (TerminalEvent) -> Void, finish: @escaping @Sendable () -> Void
  ) -> InputReader? {
    // Drop stop bytes left by an earlier reader.
    var scratch = [UInt8](repeating: 0, count: 64)
    while read(stopPipe.read, &scratch, scratch.count) > 0 {}

    let context = Context(
      inputFD: inputFD, signalFD: signalFD, stopFD: stopPipe.read, emit: emit, finish: finish)
    let unmanaged = Unmanaged.passRetained(context)
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { raw in
        // Its own alternate signal stack first: a stack overflow here must still restore the terminal.
        let altStack = ThreadAltStack()
        defer { altStack.remove() }
        ccurses_thread_set_name("vibes-input")
        let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
        InputReader.run(context)
        return nil
      }, unmanaged.toOpaque())
    guard result == 0 else {
      unmanaged.release()
      finish()
      return nil
    }
    return InputReader(thread: thread, stopWriteFD: stopPipe.write)
  }

  /// Asks the thread to end and waits for it (a few milliseconds at most). Idempotent.
  func stop() {
    guard !joined else { return }
    joined = true
    var byte: UInt8 = 1
    _ = write(stopWriteFD, &byte, 1)
    pthread_join(thread, nil)
  }

  private static func run(_ context: Context) {
    let emit = context.emit
    defer { context.finish() }
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var fds = [
      pollfd(fd: context.stopFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: context.signalFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: context.inputFD, events: Int16(POLLIN), revents: 0),
    ]
    // Set when a terminating signal was forwarded: the main loop must end the session before this instant,
    // or the watchdog restores the terminal and exits (a busy main thread cannot starve SIGTERM/SIGHUP).
    var watchdog: (signal: Int32, deadline: Int64)?
    while true {
      var timeout: Int32 =
        decoder.hasPendingEscape
        ? (decoder.pendingEscapeIsReply ? replyDelayMilliseconds : escapeDelayMilliseconds) : -1
      if let watchdog {
        let left = Int32(clamping: max(0, watchdog.deadline - monotonicMilliseconds()))
        if left == 0 { SignalWatchdog.restoreTerminalAndExit(signal: watchdog.signal) }
        timeout = timeout < 0 ? left : min(timeout, left)
      }
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if ready == 0 {
        if decoder.hasPendingEscape {
          for event in decoder.flushPendingEscape() { emit(.input(event)) }
        }
        continue
      }
      if fds[0].revents != 0 { return }
      if fds[1].revents & Int16(POLLIN) != 0 {
        let count = read(context.signalFD, &buffer, buffer.count)
        if count > 0 {
          var resized = false
          for signal in buffer[0..<count] {
            if Int32(signal) == SIGWINCH {
              resized = true
            } else if Int32(signal) == SIGUSR2 {
              TestCrashTrigger.inputThreadSignalArrived()  // inert unless the test hooks armed it
            } else {
              emit(.signal(Int32(signal)))
              if watchdog == nil, SignalWatchdog.terminating.contains(Int32(signal)) {
                watchdog = (Int32(signal), monotonicMilliseconds() + Int64(SignalWatchdog.graceMilliseconds))
              }
            }
          }
          if resized { emit(.resize) }
        }
      }
      let inputEvents = fds[2].revents
      if inputEvents & Int16(POLLNVAL) != 0 { return }
      if inputEvents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = read(context.inputFD, &buffer, buffer.count)
        if count > 0 {
          for event in decoder.feed(buffer[0..<count]) { emit(.input(event)) }
          for reply in decoder.takeReplies() { emit(.reply(reply)) }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          // The terminal went away.
          emit(.signal(SIGHUP))
          return
        }
      }
    }
  }

  private static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
  }
}
