import Foundation
import VibesCore

/// The People area: your account line, the find field, and one list (what the field found, else Following then
/// Followers); another user's profile on top. Other people's names arrive sanitised (`PersonSummary`) and are
/// sanitised again here before the grid, and cut to the row.
public enum PeopleScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let people = state.people
    if let form = people.usernameForm {
      renderUsername(form, into: &grid, area, t)
    } else if let signIn = people.signIn {
      renderSignIn(signIn, into: &grid, area, t)
    } else if let form = people.profileForm {
      renderProfileForm(form, people, into: &grid, area, t)
    } else if let blocked = people.blocked {
      renderBlocked(blocked, into: &grid, area, t)
    } else if let screen = people.path.last {
      renderPerson(screen, waiting: people.waiting(screen.person.uid), into: &grid, area, t)
    } else {
      renderRoot(people, frame: state.context.animation.frame, into: &grid, area, t)
    }
  }

  static func clean(_ text: String) -> String { TerminalText.sanitize(text) }

  /// Writes `text` wrapped to the area's width from `row`; returns the row below it.
  @discardableResult
  static func paragraph(
    _ text: String, row: Int, _ area: Rect, style: CellStyle = .plain, into grid: inout Grid
  ) -> Int {
    var row = row
    for line in WordWrap.lines(text, width: area.width - 4) {
      grid.write(line, row: row, column: area.column + 2, style: style, maxWidth: area.width - 4)
      row += 1
    }
    return row
  }

  static func age(_ date: Date, _ t: Localizer) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: t.language.localeIdentifier)
    formatter.dateFormat = "d MMM HH:mm"
    return t.format(.peopleOfflineCopy, ["date": formatter.string(from: date)])
  }

  static func failureText(_ key: PeopleL10n, _ failure: PeopleFailure, _ t: Localizer) -> String {
    t.format(key, ["reason": t[failure.reason]]) + " " + t[.peopleRetryHint]
  }

  // MARK: Root

  static func renderRoot(
    _ people: PeopleFeature, frame: Int = 0, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    var row = area.row
    if let failure = people.failure, failure.needsAccount, people.lists == nil {
      if failure == .notSignedIn {
        grid.write(t[.peopleNotSignedIn], row: row, column: area.column + 2, style: Theme.title)
        paragraph(t[.peopleSignInHow], row: row + 2, area, style: Theme.hint, into: &grid)
      } else {
        row = paragraph(failureText(.peopleFailedLists, failure, t), row: row, area, style: Theme.error, into: &grid)
        grid.attentionRow = row - 1
      }
      return
    }
    // The account line: who you are once the lists came, "Loading…" while they come, nothing after a failure.
    let account: String?
    if let lists = people.lists {
      account =
        lists.username.map { t.format(.peopleSignedInAs, ["username": clean($0)]) } ?? t[.peopleNoUsername]
    } else {
      account = people.loading == nil ? nil : t[.peopleLoading]
    }
    if let account {
      grid.write(account, row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
      row += 1
    }
    if let standing = people.lists?.standing {
      row = renderStanding(standing, row: row, frame: frame, into: &grid, area, t)
    }
    if let waiting = people.lists?.waiting, !waiting.isEmpty {
      grid.write(
        t.format(.peopleWaitingCount, ["count": "\(waiting.count)"]), row: row, column: area.column + 2,
        style: Theme.pending, maxWidth: area.width - 4)
      row += 1
    }
    if let lists = people.lists, lists.isCached, people.loading == nil {
      grid.write(age(lists.fetchedAt, t), row: row, column: area.column + 2, style: Theme.warning)
      row += 1
    }
    if let failure = people.failure {
      row = paragraph(failureText(.peopleFailedLists, failure, t), row: row, area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    }
    row += 1
    // The one text field.
    let used = grid.write(t[.peopleFindLabel], row: row, column: area.column + 2, style: Theme.title)
    let fieldColumn = area.column + 2 + used + 1
    let cursor = TextFieldView.draw(
      people.find, placeholder: people.isEditing ? nil : people.find.placeholder.map { t[$0] },
      style: people.isEditing ? Theme.focusedBorder : Theme.field, into: &grid, row: row, column: fieldColumn,
      width: max(4, area.width - fieldColumn - 2))
    if people.isEditing { grid.cursor = GridPosition(row: row, column: cursor) }
    row += 2
    let selected = people.isEditing ? nil : people.list.selected
    if !people.trimmedQuery.isEmpty {
      renderFound(people, selected: selected, row: row, into: &grid, area, t)
      return
    }
    guard let lists = people.lists else { return }
    let rows = people.rows
    let suggested = people.visibleSuggestions.count
    row = renderSuggestions(people, range: 0..<suggested, selected: selected, row: row, into: &grid, area, t)
    let followingEnd = suggested + lists.following.count
    row = section(t.format(.peopleFollowing, ["count": "\(lists.following.count)"]), row: row, area, into: &grid)
    if lists.following.isEmpty {
      row = paragraph(t[.peopleFollowNobody], row: row, area, style: Theme.hint, into: &grid)
    }
    row = personRows(rows, range: suggested..<followingEnd, selected: selected, row: row, into: &grid, area)
    row = section(
      t.format(.peopleFollowers, ["count": "\(lists.followers.count)"]), row: row + 1, area, into: &grid)
    if lists.followers.isEmpty {
      row = paragraph(t[.peopleNoFollowers], row: row, area, style: Theme.hint, into: &grid)
    }
    personRows(rows, range: followingEnd..<rows.count, selected: selected, row: row, into: &grid, area)
  }

  /// "Suggested for you" (FR-8.4): each row the person and the reason in words; the copy's age when offline, why
  /// none came, or what would bring some. Nothing while the first ones load (the lists above stay where they are). Returns the row below (a blank line
  /// after a shown section).
  @discardableResult
  static func renderSuggestions(
    _ people: PeopleFeature, range: Range<Int>, selected: Int?, row: Int, into grid: inout Grid, _ area: Rect,
    _ t: Localizer
  ) -> Int {
    var row = row
    if range.isEmpty {
      if people.suggestions == nil, let failure = people.suggestionFailure, !failure.needsAccount {
        row = paragraph(
          t.format(.suggestFailed, ["reason": t[failure.reason]]), row: row, area, style: Theme.hint, into: &grid)
        return row + 1
      }
      guard people.suggestions != nil, people.trimmedQuery.isEmpty else { return row }
      row = section(t[.suggestTitle], row: row, area, into: &grid)
      row = paragraph(t[.suggestNone], row: row, area, style: Theme.hint, into: &grid)
      return tasteOff(people, row: row, area, into: &grid, t) + 1
    }
    row = section(t[.suggestTitle], row: row, area, into: &grid)
    if let suggestions = people.suggestions, suggestions.isCached {
      grid.write(age(suggestions.fetchedAt, t), row: row, column: area.column + 2, style: Theme.warning)
      row += 1
    }
    let rows = people.rows
    row = ListView.render(
      count: range.upperBound, selected: selected, first: range.lowerBound, top: row, markerColumn: area.column + 1,
      into: &grid
    ) { grid, item in
      let person = rows[item.index].person
      let width = area.width - 5
      let used = grid.write(
        clean(person.label), row: item.row, column: area.column + 3, style: item.style(), maxWidth: width)
      guard let reason = people.suggestionReason(person.uid), used + 3 < width else { return }
      grid.write(
        "  " + clean(reason.text(t)), row: item.row, column: area.column + 3 + used, style: Theme.hint,
        maxWidth: width - used)
    }
    return tasteOff(people, row: row, area, into: &grid, t) + 1
  }

  /// Below the suggestions while your taste summary is not shared: taste matches need it, and where to switch it on.
  static func tasteOff(_ people: PeopleFeature, row: Int, _ area: Rect, into grid: inout Grid, _ t: Localizer) -> Int {
    guard people.suggestions?.tasteShared == false, people.trimmedQuery.isEmpty else { return row }
    return paragraph(t[.suggestTasteOff], row: row, area, style: Theme.hint, into: &grid)
  }

  static func renderFound(
    _ people: PeopleFeature, selected: Int?, row: Int, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    switch people.search {
    case .idle, .loading:
      grid.write(t[.peopleSearching], row: row, column: area.column + 2, style: Theme.pending)
    case .failed(_, let failure):
      let end = paragraph(failureText(.peopleFailedFind, failure, t), row: row, area, style: Theme.error, into: &grid)
      grid.attentionRow = end - 1
    case .loaded(let query, let found):
      var next: Int
      if found.isEmpty {
        next = paragraph(t.format(.peopleNoMatches, ["query": clean(query)]), row: row, area, into: &grid)
      } else {
        next = section(t[.peopleFound], row: row, area, into: &grid)
        next = personRows(people.rows, range: 0..<found.count, selected: selected, row: next, into: &grid, area)
      }
      // What the field did not find of the suggestions, below (the list scrolls when they do not fit).
      let rows = people.rows.count
      if rows > found.count {
        renderSuggestions(
          people, range: found.count..<rows, selected: selected, row: next + 1, into: &grid, area, t)
      }
    }
  }

  static func section(_ title: String, row: Int, _ area: Rect, into grid: inout Grid) -> Int {
    grid.write(title, row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    return row + 1
  }

  @discardableResult
  static func personRows(
    _ rows: [PeopleRow], range: Range<Int>, selected: Int?, row: Int, into grid: inout Grid, _ area: Rect
  ) -> Int {
    ListView.render(
      count: range.upperBound, selected: selected, first: range.lowerBound, top: row, markerColumn: area.column + 1,
      into: &grid
    ) { grid, item in
      grid.write(
        clean(rows[item.index].person.label), row: item.row, column: area.column + 3, style: item.style(),
        maxWidth: area.width - 5)
    }
  }

  // MARK: A person

  static func renderPerson(
    _ screen: PersonScreen, waiting: WaitingChange? = nil, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let person = screen.profile?.person ?? screen.person
    var row = area.row
    // The profile photo, when there is one, at the right of the name lines; they keep left of it.
    let box = ArtworkBox.place(screen.profile?.photoURL, in: &grid, area, row: row, large: false)
    let textWidth = ArtworkBox.textWidth(area.width - 4, beside: box)
    grid.write(
      clean(person.displayName.isEmpty ? person.shortName : person.displayName), row: row, column: area.column + 2,
      style: Theme.title, maxWidth: textWidth)
    row += 1
    if let username = person.username {
      grid.write("@" + clean(username), row: row, column: area.column + 2, style: Theme.hint, maxWidth: textWidth)
      row += 1
    }
    if let profile = screen.profile {
      let counts =
        t.format(.peopleFollowersCount, ["count": "\(profile.followers)"]) + " · "
        + t.format(.peopleFollowingCount, ["count": "\(profile.following)"])
      grid.write(counts, row: row, column: area.column + 2, maxWidth: textWidth)
      row += 1
      grid.write(
        t[profile.isFollowing ? .peopleYouFollow : .peopleYouDoNotFollow], row: row, column: area.column + 2,
        style: Theme.hint, maxWidth: textWidth)
      row += 1
      if profile.isCached {
        grid.write(
          age(profile.fetchedAt, t), row: row, column: area.column + 2, style: Theme.warning, maxWidth: textWidth)
        row += 1
      }
    }
    if let box { row = max(row, box.bottom) }
    if let waiting {
      grid.write(t[waiting.operation.waitingText], row: row, column: area.column + 2, style: Theme.pending)
      row += 1
    }
    if let request = screen.request {
      let text = request.operation == .load ? t[.peopleLoading] : t[.peopleWorking]
      grid.write(text, row: row, column: area.column + 2, style: Theme.pending)
      row += 1
    }
    if let failure = screen.failure {
      row = paragraph(
        failureText(failure.operation.failureText, failure.failure, t), row: row, area, style: Theme.error,
        into: &grid)
      grid.attentionRow = row - 1
    }
    if let confirming = screen.confirming {
      let key: PeopleL10n = confirming == .block ? .peopleConfirmBlock : .peopleConfirmUnfollow
      row = paragraph(
        t.format(key, ["name": clean(person.shortName)]), row: row + 1, area, style: Theme.warning, into: &grid)
      grid.attentionRow = row - 1
    }
    let bio = clean(person.bio)
    if !bio.isEmpty {
      // At most eight lines of someone else's bio: a huge one never slows the screen or floods it.
      let lines = WordWrap.lines(String(bio.prefix(SocialTextLimits.bio)), width: area.width - 4).prefix(8)
      row += 1
      for line in lines {
        grid.write(line, row: row, column: area.column + 2, maxWidth: area.width - 4)
        row += 1
      }
    }
  }
}
