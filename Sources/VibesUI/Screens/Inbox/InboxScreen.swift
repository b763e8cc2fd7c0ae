import Foundation
import VibesCore

/// The Inbox area: the conversations (unread marked with "●" and the word "new", no colour needed), and a thread's
/// songs and messages in order with the selected one shown whole below them. Every name and message is other
/// people's text: sanitised again here before it reaches the grid.
public enum InboxScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let inbox = state.inbox
    if case .thread(let screen)? = inbox.path.last {
      renderThread(screen, now: inbox.clock(screen.fetchedAt), into: &grid, area, t)
    } else {
      renderList(inbox, into: &grid, area, t)
    }
  }

  /// How to sign in (a command: the same in every language).
  static let signInCommand = "vibes auth login google"

  static func clean(_ text: String) -> String { TerminalText.sanitize(text) }

  static func date(_ date: Date?, _ t: Localizer) -> String {
    guard let date else { return "" }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: t.language.localeIdentifier)
    formatter.dateFormat = "d MMM HH:mm"
    return formatter.string(from: date)
  }

  /// Wraps `text` from `row`; returns the row below it.
  @discardableResult
  static func paragraph(_ text: String, row: Int, area: Rect, style: CellStyle, into grid: inout Grid) -> Int {
    var row = row
    for line in WordWrap.lines(text, width: area.width - 4) {
      grid.write(line, row: row, column: area.column + 2, style: style, maxWidth: area.width - 4)
      row += 1
    }
    return row
  }

  /// A message's or a conversation's age in the Feed's words ("5 min ago"); the date when the clock is not known.
  static func when(_ date: Date?, now: Date?, _ t: Localizer) -> String {
    guard let date else { return "" }
    guard let now, let age = t.inboxAge(date, now: now) else { return Self.date(date, t) }
    return age
  }

  /// "Loading…" or the copy's age in the Feed's words ("Updated 5 min ago", offline: "Offline · showing what was
  /// cached 2 h ago"), then what failed; returns the row below.
  static func status(
    loading: Bool, fetchedAt: Date?, now: Date?, isStale: Bool, failure: InboxFailure?, operation: InboxL10n,
    row: Int, area: Rect, into grid: inout Grid, _ t: Localizer
  ) -> Int {
    var row = row
    if loading {
      grid.write(t[.inboxLoading], row: row, column: area.column + 2, style: Theme.pending)
      row += 1
    } else if let fetchedAt {
      grid.write(
        t.inboxCacheAge(fetchedAt: fetchedAt, now: now, isStale: isStale, failure: failure), row: row,
        column: area.column + 2, style: isStale ? Theme.warning : Theme.hint, maxWidth: area.width - 4)
      row += 1
    }
    if let failure, failure != .notSignedIn, failure != .notConfigured {
      grid.attentionRow = row
      row = paragraph(
        t.format(operation, ["reason": t[failure.reason]]), row: row, area: area, style: Theme.error, into: &grid)
    }
    return row
  }

  static func renderList(_ inbox: InboxFeature, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    grid.write(t[.inboxTitle], row: area.row, column: area.column + 2, style: Theme.title)
    let now = inbox.clock(inbox.fetchedAt)
    var row =
      status(
        loading: inbox.loading != nil, fetchedAt: inbox.fetchedAt, now: now, isStale: inbox.isStale,
        failure: inbox.failure, operation: .inboxFailedLoadInbox, row: area.row + 1, area: area, into: &grid, t) + 1
    if inbox.threads.isEmpty {
      switch inbox.failure {
      case .notSignedIn?:
        row = paragraph(t[.inboxNotSignedIn], row: row, area: area, style: Theme.hint, into: &grid)
        grid.write(Self.signInCommand, row: row + 1, column: area.column + 4, style: Theme.title)
      case .notConfigured?: paragraph(t[.inboxNotConfigured], row: row, area: area, style: Theme.hint, into: &grid)
      default:
        if inbox.loading == nil, inbox.fetchedAt != nil {
          paragraph(t[.inboxEmpty], row: row, area: area, style: Theme.hint, into: &grid)
        }
      }
      return
    }
    let width = area.width - 6
    row = ListView.render(
      count: inbox.threads.count, selected: inbox.list.selected, top: row, markerColumn: area.column + 1, into: &grid
    ) { grid, item in
      let thread = inbox.threads[item.index]
      var column = area.column + 3
      column += grid.write(thread.isUnread ? "● " : "  ", row: item.row, column: column, style: Theme.warning)
      // The name gives way to the age and the "new" mark: a long name is cut, never what follows it.
      var suffix = " · " + when(thread.lastMessageAt, now: now, t)
      if thread.isUnread { suffix += " · " + t[.inboxUnread] }
      let room = width - 2
      let nameWidth = max(min(8, room), room - DisplayWidth.of(suffix))
      let used = grid.write(
        clean(thread.otherName), row: item.row, column: column, style: item.style(), maxWidth: nameWidth)
      grid.write(suffix, row: item.row, column: column + used, style: item.style(), maxWidth: max(0, room - used))
    }
  }

  /// One message as a list row: who, then the song or the text.
  static func line(_ message: InboxMessage, _ t: Localizer) -> String {
    let who = message.isMine ? t[.inboxYou] : clean(message.senderName)
    if let song = message.song {
      return who + ": ♪ " + clean(song.trackName) + " — " + clean(song.artistName)
    }
    return who + ": " + clean(message.text ?? "")
  }

  static func renderThread(
    _ screen: InboxThreadScreen, now: Date?, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    grid.write(
      clean(screen.thread.otherName), row: area.row, column: area.column + 2, style: Theme.title,
      maxWidth: area.width - 4)
    var row = area.row + 1
    if let reply = screen.reply {
      let label = t[.inboxReplyLabel]
      let used = grid.write(label, row: row, column: area.column + 2, style: Theme.title)
      let column = area.column + 3 + used
      let cursor = TextFieldView.draw(
        reply, placeholder: reply.placeholder.map { t[$0] }, style: Theme.focusedBorder, into: &grid, row: row,
        column: column, width: max(4, area.width - column - 2))
      if screen.sending == nil { grid.cursor = GridPosition(row: row, column: cursor) }
      row += 1
      if screen.sending != nil {
        grid.write(t[.inboxSending], row: row, column: area.column + 2, style: Theme.pending)
        row += 1
      }
      if let failure = screen.sendFailure {
        grid.attentionRow = row
        row = paragraph(
          t.format(.inboxFailedSend, ["reason": t[failure.reason]]), row: row, area: area, style: Theme.error,
          into: &grid)
      }
    }
    row =
      status(
        loading: screen.loading != nil, fetchedAt: screen.fetchedAt, now: now, isStale: screen.isStale,
        failure: screen.failure, operation: .inboxFailedLoadThread, row: row, area: area, into: &grid, t) + 1
    if screen.messages.isEmpty {
      if screen.loading == nil, screen.fetchedAt != nil {
        paragraph(t[.inboxNoMessages], row: row, area: area, style: Theme.hint, into: &grid)
      }
      return
    }
    row = ListView.render(
      count: screen.messages.count, selected: screen.isReplying ? nil : screen.list.selected, top: row,
      markerColumn: area.column + 1, into: &grid
    ) { grid, item in
      let message = screen.messages[item.index]
      // The message gives way to its age: a long one is cut, the age stays.
      let age = when(message.createdAt, now: now, t)
      let suffix = age.isEmpty ? "" : " · " + age
      let room = area.width - 5
      let used = grid.write(
        line(message, t), row: item.row, column: area.column + 3, style: item.style(),
        maxWidth: max(min(8, room), room - DisplayWidth.of(suffix)))
      grid.write(
        suffix, row: item.row, column: area.column + 3 + used, style: item.style(), maxWidth: max(0, room - used))
    }
    // The selected message whole: who and when, the song, its message.
    guard screen.messages.indices.contains(screen.list.selected) else { return }
    let message = screen.messages[screen.list.selected]
    row += 1
    let who = message.isMine ? t[.inboxYou] : clean(message.senderName)
    row = paragraph(
      who + " · " + when(message.createdAt, now: now, t), row: row, area: area, style: Theme.hint, into: &grid)
    if let song = message.song {
      row = paragraph(
        "♪ " + clean(song.trackName) + " — " + clean(song.artistName), row: row, area: area, style: Theme.title,
        into: &grid)
    }
    if let text = message.text {
      paragraph("“" + clean(text) + "”", row: row, area: area, style: .plain, into: &grid)
    }
  }
}
