import Foundation
import VibesCore
import VibesStorage
import VibesUI

/// The Swift runtime's first-use work for the first frame, done on a second thread while the main thread opens the
/// database and the terminal. The first `AppReducer.reduce(.started)` and `AppView.render` make the generic metadata of
/// ~200 types and check their conformances (each first miss scans every conformance record of the static binary),
/// fill the localisation tables and the render memos: about a fifth of the start's samples
/// (Docs/performance.md, "Issue 26: first frame, third round"). All of it is cached process-wide, so the main thread
/// finds it made. Nothing here is shown or kept: the grid is thrown away, and the memos it fills hold what the same
/// inputs give on the main thread. GRDB's first use goes first (`AppDatabase.warmUp`, an in-memory database), as the
/// main thread opens the real file at once.
enum StartWarmup {
  /// Starts the warm-up on a thread of its own (not the cooperative pool, which the start's effects need).
  static func begin(language: Language) {
    var window = winsize()
    let size =
      ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0 && window.ws_row > 0
      ? ScreenSize(width: Int(window.ws_col), height: Int(window.ws_row)) : ScreenSize(width: 80, height: 24)
    Thread.detachNewThread {
      AppDatabase.warmUp()
      _ = frame(language: language, size: size)
    }
  }

  /// The frame the started state renders to: what the runtime's first `render()` draws at `size`.
  static func frame(language: Language, size: ScreenSize) -> Grid {
    var state = AppState(size: size)
    state.context.language = language
    _ = AppReducer.reduce(&state, .started)
    return AppView.render(state, Localizer(language))
  }
}
