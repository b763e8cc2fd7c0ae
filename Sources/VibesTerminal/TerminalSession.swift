import CCurses
import Dispatch
import VibesCore
import VibesGraphics
import VibesUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Owns ncurses for the life of the UI. All calls on the main actor (ncurses is not thread-safe); the input thread
/// behind `events()` never touches ncurses.
@MainActor public final class TerminalSession {
  public private(set) var capabilities: TerminalCapabilities
  /// The TERM value in use.
  public let term: String

  private var active = true
  private var previous: Grid?
  private var announcedLinks: [Hyperlink] = []
  /// Bytes handed over by `sendAfterFrame`, written after the next frame.
  private var afterFrame: [UInt8] = []
  private var colorPairs: ColorPairTable
  /// Dark or light background (VIBES_THEME, COLORFGBG): styles are adapted to it when drawn.
  private let background: ThemeBackground
  private var cursorVisible: Bool?
  private let signalFD: Int32
  private let stopPipe: (read: Int32, write: Int32)
  private var reader: InputReader?
  /// The pictures drawn over reserved boxes after each update (`TerminalImages`).
  private var images: TerminalImages
  /// The environment the session started in: the graphics guess is made again from it with what tmux and the
  /// probe said.
  private let environment: [String: String]
  /// The graphics probe while its answer may still come: when it stops counting, what tmux said about
  /// passthrough, and the replies so far.
  private var probe: (deadline: ContinuousClock.Instant, passthrough: Bool?, bytes: [UInt8])?
  /// The cell size the probe's `ESC [16t` answer gave (used when TIOCGWINSZ has no pixels).
  private var reportedCell: (width: Int, height: Int)?
  /// The probe's answer, once it came in time (nil: not sent, not answered, or too late).
  private(set) var probeReply: GraphicsProbe.Reply?
  /// How long the terminal has to answer the graphics probe. Nothing waits for it (the first frame is already
  /// drawn); a later answer is ignored and the environment's guess stays.
  public nonisolated static let probeTimeout: Duration = .milliseconds(500)

  /// The checks `init` runs before writing anything (ttys, TERM set, not dumb, known, has `cup`), for a
  /// caller that wants to refuse before it opens anything else. Returns the TERM value to use.
  public nonisolated static func preflight(environment: [String: String]) -> Result<String, TerminalStartError> {
    TerminalPreflight.check(
      stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: isatty(1) == 1, term: environment["TERM"],
      probe: TerminfoProbe.lookUp)
  }

  /// Checks isatty(stdin/stdout) first, then TERM (set, not dumb, known to terminfo, has `cup`), all before
  /// anything is written. Then: locale (C.UTF-8 LC_CTYPE fallback), newterm, raw, noecho, nonl, no intrflush, no
  /// typeahead checks, colours (unless NO_COLOR is set and non-empty) with default colours, cursor hidden,
  /// bracketed paste on, and the signal pipe and the fatal-signal handler (`FatalSignalHandler`) installed.
  public init(environment: [String: String]) throws(TerminalStartError) {
    let term: String
    switch Self.preflight(environment: environment) {
    case .failure(let error): throw error
    case .success(let value): term = value
    }
    _ = Self.setUpLocale()

    var stopFDs: [Int32] = [-1, -1]
    guard pipe(&stopFDs) == 0 else { throw .initFailed }
    for fd in stopFDs {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    // The one restore state (termios, bytes) the crash handler and the signal watchdog share.
    FatalSignalHandler.install(fd: 1)
    // The real window size (ioctl) wins over LINES/COLUMNS exported by a shell.
    use_tioctl(true)
    guard newterm(term, ccurses_stdout(), ccurses_stdin()) != nil else {
      close(stopFDs[0])
      close(stopFDs[1])
      throw .initFailed
    }
    FatalSignalHandler.setActive(true)
    let screen = ccurses_stdscr()
    raw()
    noecho()
    nonl()
    intrflush(screen, false)
    // ncurses would peek at stdin during doupdate and cut updates short; the input thread owns stdin.
    typeahead(-1)
    idlok(screen, false)

    var colorsOn = false
    var defaultColors = false
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    if has_colors() && !noColor && start_color() == OK {
      colorsOn = true
      defaultColors = use_default_colors() == OK
    }
    self.term = term
    self.capabilities = TerminalCapabilities.detect(
      environment: environment, term: term, hasColors: colorsOn)
    let background = ThemeBackground.detect(environment: environment)
    self.background = background
    self.colorPairs = ColorPairTable(
      limit: colorsOn ? Int(ccurses_color_pairs()) : 0, defaultColors: defaultColors,
      brightStates: background == .dark && ccurses_colors() >= 16)
    self.stopPipe = (stopFDs[0], stopFDs[1])
    self.environment = environment
    self.images = TerminalImages(
      capabilities: TerminalImages.capabilities(environment: environment), cellPixels: Self.cellPixels())

    // ncurses 6.4 flushes its output buffer after every cursor movement until the screen has once been suspended
    // and resumed (`_nc_mvcur` takes a screen that never left `endwin`'s initial state for a low-level terminfo
    // caller's), so one frame reached the terminal in a write(2) per jump: 6–25 for a screen change, each a
    // wake-up for the terminal and ssh (Docs/performance.md, "One write per frame"). One endwin + doupdate before
    // anything is drawn leaves that state; from then on doupdate writes a frame once, at its end.
    endwin()
    doupdate()

    curs_set(0)
    leaveok(screen, true)
    cursorVisible = false
    Self.writeOut(TerminalBytes.bracketedPasteOn)
    self.signalFD = ccurses_signal_pipe_install()
  }

  isolated deinit {
    restore()
    close(stopPipe.read)
    close(stopPipe.write)
  }

  /// The size ncurses draws at (columns, rows); a grid of this size fills the screen.
  public var size: (width: Int, height: Int) {
    guard active else { return (0, 0) }
    let screen = ccurses_stdscr()
    return (Int(getmaxx(screen)), Int(getmaxy(screen)))
  }

  /// Draws a grid: only cells that differ from the previously presented grid are handed to ncurses, which then
  /// sends the minimal difference (wnoutrefresh + doupdate). The cursor is shown at `grid.cursor` or hidden.
  /// Hyperlinks are announced (OSC 8) over the drawn text when they changed or their row was redrawn.
  public func present(_ grid: Grid) {
    guard active else { return }
    // The main actor may move between libdispatch threads; each one it runs on gets an alternate signal stack.
    ThreadAltStack.ensureForCurrentThread()
    let screen = ccurses_stdscr()
    let screenWidth = Int(getmaxx(screen))
    let screenHeight = Int(getmaxy(screen))
    let plan = PresentPlan.make(
      previous: previous, announced: announcedLinks, next: grid, needsOverlay: Self.needsOverlay)

    if plan.repaintAll { werase(screen) }
    for position in plan.cells where position.row < screenHeight && position.column < screenWidth {
      draw(grid, at: position, screenWidth: screenWidth)
    }

    if let cursor = grid.cursor, cursor.row >= 0, cursor.row < screenHeight, cursor.column >= 0,
      cursor.column < screenWidth
    {
      if cursorVisible != true {
        curs_set(1)
        leaveok(screen, false)
        cursorVisible = true
      }
      wmove(screen, Int32(cursor.row), Int32(cursor.column))
    } else if cursorVisible != false {
      curs_set(0)
      // No cursor to place: ncurses may leave it wherever the last change put it (fewer bytes).
      leaveok(screen, true)
      cursorVisible = false
    }
    // Pictures that left cells ncurses thinks blank: those rows are repainted by this update.
    let imagePlan = images.plan(
      grid, repaintAll: plan.repaintAll, changedRows: Set(plan.cells.map(\.row)), screenWidth: screenWidth)
    for rows in imagePlan.repaintRows where rows.lowerBound < screenHeight {
      wredrawln(screen, Int32(rows.lowerBound), Int32(min(rows.upperBound, screenHeight) - rows.lowerBound))
    }
    wnoutrefresh(screen)
    doupdate()

    var bytes: [UInt8] = []
    let colors = capabilities.colors
    for position in plan.overlays where position.row < screenHeight {
      let width = PresentPlan.cellWidth(grid, row: position.row, column: position.column)
      guard position.column + width <= screenWidth else { continue }
      bytes += TerminalBytes.overwrite(
        grid, row: position.row, column: position.column, width: width, url: nil, colors: colors)
    }
    if capabilities.hyperlinks {
      let visible = { (link: Hyperlink) in
        link.position.row < screenHeight && link.position.column < screenWidth
      }
      for link in plan.unlink where visible(link) {
        bytes += TerminalBytes.overwrite(
          grid, span: clipped(link, screenWidth), url: nil, colors: colors)
      }
      for link in plan.link where visible(link) {
        bytes += TerminalBytes.overwrite(
          grid, span: clipped(link, screenWidth), url: link.url, colors: colors)
      }
      announcedLinks = grid.links.filter(visible)
    }
    bytes += images.bytes(imagePlan)
    // A notification's OSC goes out with this frame's second write, after the frame.
    bytes += afterFrame
    afterFrame = []
    if !bytes.isEmpty { Self.writeOut(bytes) }
    previous = grid
  }

  /// After SIGWINCH: reads the real size (ioctl), resizes ncurses, and forgets the previous grid so the next
  /// present clears and repaints the screen.
  public func handleResize() {
    guard active else { return }
    var rows: Int32 = 0
    var columns: Int32 = 0
    if ccurses_terminal_size(1, &rows, &columns) == 0 {
      resizeterm(rows, columns)
    }
    clearok(ccurses_curscr(), true)
    previous = nil
    announcedLinks = []
    images.cellPixels = Self.cellPixels() ?? reportedCell
  }

  // MARK: - Graphics probe

  /// Asks the terminal what pictures it can draw: kitty's graphics query (inside tmux only through passthrough),
  /// the cell size (`ESC [16t`) and DA1 (sixel is its attribute 4), in one write, never before the first frame
  /// (the caller sends it after). The answers arrive as `.reply` events for `graphicsReply`. `tmuxPassthrough` is
  /// what tmux said about `allow-passthrough` (nil outside tmux or not asked). Not sent with NO_COLOR, on a
  /// console that would print it (`TerminalImages.mayProbe`) or below 60 columns. Returns whether pictures can be
  /// drawn when the protocol changed (tmux passes them through after all).
  @discardableResult
  public func startGraphicsProbe(tmuxPassthrough: Bool?) -> Bool? {
    guard active else { return nil }
    let guess = TerminalImages.capabilities(environment: environment, tmuxPassthrough: tmuxPassthrough)
    let screen = ccurses_stdscr()
    let (width, height) = (Int(getmaxx(screen)), Int(getmaxy(screen)))
    // Narrower than a picture's minimum there is nothing to find out (and the query could wrap, see below).
    if TerminalImages.mayProbe(environment: environment), width >= TerminalImages.minimumWidth, height > 0 {
      probe = (ContinuousClock.now + Self.probeTimeout, tmuxPassthrough, [])
      let passthrough = TerminalImages.passthrough(environment: environment, detected: tmuxPassthrough)
      // A terminal that does not know APC strings prints kitty's query as text (pyte, some small emulators): it
      // is sent from the start of the last row, the cursor saved around it, and that row repainted at once.
      Self.writeOut(
        Array("\u{1B}7\u{1B}[\(height);1H".utf8)
          + GraphicsProbe.query(insideTmux: guess.insideTmux, passthrough: passthrough) + Array("\u{1B}8".utf8))
      wredrawln(screen, Int32(height - 1), 1)
      wnoutrefresh(screen)
      doupdate()
    }
    return apply(guess)
  }

  /// A terminal reply (`TerminalEvent.reply`). Once DA1 has come, within `probeTimeout`, the environment's guess
  /// is corrected by the answer (`GraphicsCapabilities.refined`) and the cell size taken when TIOCGWINSZ had none.
  /// Returns whether pictures can be drawn when the protocol changed (the next frame then repaints everything).
  @discardableResult
  public func graphicsReply(_ bytes: [UInt8]) -> Bool? {
    guard active, var probe else { return nil }
    guard ContinuousClock.now <= probe.deadline else {
      self.probe = nil
      return nil
    }
    probe.bytes += bytes.prefix(1024)
    guard let reply = GraphicsProbe.parse(probe.bytes) else {
      self.probe = probe.bytes.count < 4096 ? probe : nil
      return nil
    }
    self.probe = nil
    probeReply = reply
    if let width = reply.cellWidth, let height = reply.cellHeight {
      reportedCell = (width, height)
      if images.cellPixels == nil { images.cellPixels = (width, height) }
    }
    return apply(
      TerminalImages.capabilities(environment: environment, tmuxPassthrough: probe.passthrough, reply: reply))
  }

  /// Takes `next` when it differs: the pictures on screen are forgotten and the next frame repaints everything.
  private func apply(_ next: GraphicsCapabilities) -> Bool? {
    guard next != images.capabilities else { return nil }
    imageCapabilities = next
    invalidate()
    return next.graphics != .none
  }

  /// Forces a full clear and repaint at the next present (e.g. after something else wrote to the terminal).
  public func invalidate() {
    guard active else { return }
    clearok(ccurses_curscr(), true)
    previous = nil
    announcedLinks = []
  }

  /// Stops the input thread, turns bracketed paste off, shows the cursor and ends ncurses (the shell's terminal
  /// modes and screen come back). Idempotent. The crash guard also restores the terminal on a crash or `exit()`.
  public func restore() {
    guard active else { return }
    active = false
    reader?.stop()
    reader = nil
    Self.writeOut(images.farewell + TerminalBytes.bracketedPasteOff)
    curs_set(1)
    endwin()
    FatalSignalHandler.setActive(false)
    ccurses_signal_pipe_uninstall()
  }

  /// OSC 52 clipboard copy: ESC ] 52 ; c ; base64 BEL.
  /// Bytes for the terminal besides the frame (a notification's OSC): written once, after the next frame.
  public func sendAfterFrame(_ bytes: [UInt8]) {
    guard active else { return }
    afterFrame += bytes
  }

  public func copyToClipboard(_ text: String) {
    guard active else { return }
    Self.writeOut(TerminalBytes.clipboard(text))
  }

  /// Terminal events from a dedicated input thread. Calling it again ends the previous stream; the stream also
  /// ends at `restore()` or when the terminal goes away (after a `.signal(SIGHUP)`).
  public func events() -> AsyncStream<TerminalEvent> {
    reader?.stop()
    reader = nil
    let (stream, continuation) = AsyncStream.makeStream(
      of: TerminalEvent.self, bufferingPolicy: .unbounded)
    guard active else {
      continuation.finish()
      return stream
    }
    let stopWrite = stopPipe.write
    continuation.onTermination = { _ in
      var byte: UInt8 = 1
      _ = write(stopWrite, &byte, 1)
    }
    reader = InputReader.start(
      inputFD: 0, signalFD: signalFD, stopPipe: stopPipe, emit: { continuation.yield($0) },
      finish: { continuation.finish() })
    return stream
  }

  /// The same events as `events()`, in order, each handed to `handler` on the main queue (the main actor's
  /// executor) by the input thread itself: no stream and no task between the thread and the handler, which made
  /// a fixed part of every key's cost. Ends the previous stream or handler; nothing more comes after `restore()`
  /// or `stopEvents()` (an event already queued still arrives: the handler decides whether it still counts).
  public func deliverEvents(to handler: @escaping @MainActor @Sendable (TerminalEvent) -> Void) {
    reader?.stop()
    reader = nil
    guard active else { return }
    reader = InputReader.start(
      inputFD: 0, signalFD: signalFD, stopPipe: stopPipe,
      emit: { event in DispatchQueue.main.async { MainActor.assumeIsolated { handler(event) } } },
      finish: {})
  }

  /// Ends the events of `events()` or `deliverEvents(to:)` (the input thread stops reading).
  public func stopEvents() {
    reader?.stop()
    reader = nil
  }

  // MARK: - Drawing

  private func draw(_ grid: Grid, at position: GridPosition, screenWidth: Int) {
    let row = position.row
    let column = position.column
    var cell = grid[row, column]
    cell.style = Theme.adapted(cell.style, for: background)
    let width = PresentPlan.cellWidth(grid, row: row, column: column)
    var pair: Int16 = 0
    if capabilities.colors {
      let (number, definition) = colorPairs.pair(
        foreground: cell.style.foreground, background: cell.style.background)
      if let definition {
        init_pair(definition.pair, definition.foreground, definition.background)
      }
      pair = number
    }
    let attributes = Int32(cell.style.attributes.rawValue)
    let text = TerminalBytes.displayText(cell.text)
    if Self.needsOverlay(cell.text, width: width) || column + width > screenWidth {
      // ncurses keeps blanks here; the grapheme itself is written over them after the update (an overlay),
      // or not at all when half of it would not fit.
      let blank: [wchar_t] = [0x20, 0]
      for offset in 0..<width where column + offset < screenWidth {
        _ = ccurses_put_cell(Int32(row), Int32(column + offset), blank, attributes, Int32(pair))
      }
      return
    }
    var characters: [wchar_t] = []
    characters.reserveCapacity(6)
    for scalar in text.unicodeScalars { characters.append(wchar_t(scalar.value)) }
    characters.append(0)
    _ = ccurses_put_cell(Int32(row), Int32(column), characters, attributes, Int32(pair))
  }

  /// How pictures are drawn (guessed from the environment at start; a probe's answer may refine it). A change
  /// takes effect at the next full repaint.
  public internal(set) var imageCapabilities: GraphicsCapabilities {
    get { images.capabilities }
    set {
      images.capabilities = newValue
      images.forget()
    }
  }

  /// The cell size pictures are drawn with (TIOCGWINSZ's, else the probe's answer), for tests.
  var imageCellPixels: (width: Int, height: Int)? { images.cellPixels }

  /// The terminal's size as the kernel knows it (TIOCGWINSZ on stdout), readable before ncurses starts; nil when it
  /// reports none. Once the session runs, `size` is what frames are drawn at.
  public nonisolated static func windowSize() -> (width: Int, height: Int)? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard ccurses_terminal_size(1, &rows, &columns) == 0 else { return nil }
    return (Int(columns), Int(rows))
  }

  /// One cell's size in pixels, when the terminal reports it (for sixel pictures).
  private nonisolated static func cellPixels() -> (width: Int, height: Int)? {
    var width: Int32 = 0
    var height: Int32 = 0
    guard ccurses_terminal_pixels(1, &width, &height) == 0 else { return nil }
    return (Int(width), Int(height))
  }

  /// setlocale(LC_ALL, "") with a C.UTF-8 LC_CTYPE fallback; true when the codeset is UTF-8.
  @discardableResult nonisolated static func setUpLocale() -> Bool { ccurses_setup_locale() == 1 }

  /// True when ncurses would not draw the grapheme as the grid measured it: its C-library width differs from the
  /// grid's, it has more than one spacing character (ZWJ sequences, flags) or more than ncurses can hold.
  nonisolated static func needsOverlay(_ text: String, width: Int) -> Bool {
    let scalars = text.unicodeScalars
    guard let first = scalars.first else { return false }
    if first.value < 0x7F && first.value >= 0x20 && scalars.count == 1 { return false }
    if scalars.count > 5 { return true }
    guard ccurses_wcwidth(wchar_t(first.value)) == Int32(width) else { return true }
    return scalars.dropFirst().contains { ccurses_wcwidth(wchar_t($0.value)) != 0 }
  }

  private func clipped(_ link: Hyperlink, _ screenWidth: Int) -> Hyperlink {
    var link = link
    link.width = max(0, min(link.width, screenWidth - link.position.column))
    return link
  }

  private static func writeOut(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(1, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return
        }
        offset += written
      }
    }
  }
}
