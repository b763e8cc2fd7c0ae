import Foundation
import VibesCore

/// One card of the Feed list on one row: its kind as symbol and word ("♪ Concert", "◆ New release"), so the kind
/// never depends on colour, then what it is about, and its date on the right.
enum FeedCardRow {
  /// Columns kept for the kind label, so the titles line up.
  static func labelWidth(_ t: Localizer) -> Int {
    labelWidths.value(t.language) { measureLabels(t) }
  }

  /// The same for every row of every frame in a language: measured once per language.
  private static let labelWidths = RenderMemo<Language, Int>(capacity: 4)

  private static func measureLabels(_ t: Localizer) -> Int {
    let social = [SocialFeedL10n.kindShared, .kindSentToYou, .kindFollow].map { DisplayWidth.of(t[$0]) }
    return ([FeedL10n.kindConcert, .kindNewRelease, .kindCreated].map { DisplayWidth.of(t[$0]) } + social).max() ?? 0
  }

  /// Draws the row's content; the `ListView` has drawn its marker and focus bar. What a card's row says depends only
  /// on the card, the focus, the width and the language, so its writes are laid out once per such value and
  /// replayed on the frames after (a Down changes two rows of fifteen; sanitising, formatting dates and matching
  /// names on all fifteen was most of a Feed key).
  static func render(_ card: FeedCard?, selected: Bool, row: Int, width: Int, into grid: inout Grid, _ t: Localizer) {
    let style = selected ? Theme.selected : CellStyle.plain
    guard let card else {
      grid.write(
        t[FeedL10n.kindUnknown], row: row, column: 3, style: selected ? style : Theme.hint, maxWidth: width - 5)
      return
    }
    let writes = rowWrites.value(RowInputs(card: card, selected: selected, width: width, language: t.language)) {
      layout(card, selected: selected, width: width, t)
    }
    var previous = (column: 0, used: 0)
    for write in writes {
      var column = write.column
      var maxWidth = write.maxWidth
      if let total = write.afterPrevious {
        column = previous.column + previous.used
        maxWidth = max(0, total - previous.used)
      }
      previous = (column, grid.write(write.text, row: row, column: column, style: write.style, maxWidth: maxWidth))
    }
  }

  private struct RowInputs: Hashable, Sendable {
    let card: FeedCard
    let selected: Bool
    let width: Int
    let language: Language
  }

  /// One `Grid.write` of a row, without the row. `afterPrevious` (the columns left for both) places it right after
  /// what the write before it drew, in what that left.
  struct RowWrite: Sendable, Equatable {
    var text: String
    var column: Int
    var style: CellStyle
    var maxWidth: Int?
    var afterPrevious: Int?

    init(text: String, column: Int, style: CellStyle, maxWidth: Int? = nil, afterPrevious: Int? = nil) {
      self.text = text
      self.column = column
      self.style = style
      self.maxWidth = maxWidth
      self.afterPrevious = afterPrevious
    }
  }

  /// The visible rows and their neighbours, focused and not, in both languages fit; dropped whole when full.
  private static let rowWrites = RenderMemo<RowInputs, [RowWrite]>(capacity: 128)

  /// The writes of one card's row, in order.
  static func layout(_ card: FeedCard, selected: Bool, width: Int, _ t: Localizer) -> [RowWrite] {
    let style = selected ? Theme.selected : CellStyle.plain
    var writes: [RowWrite] = []
    let (label, fullTitle, fullMeta) = parts(card, t)
    var meta = fullMeta
    let labelColumns = labelWidth(t)
    writes.append(RowWrite(text: label, column: 3, style: selected ? style : Theme.title, maxWidth: labelColumns))
    let titleColumn = 3 + labelColumns + 1
    var titleWidth = max(4, width - titleColumn - 3 - DisplayWidth.of(meta))
    // A concert's venue (shown whole in its detail) goes first when the row is short, so "you listen to …" stays.
    var title = fullTitle
    var mark: String?
    if DisplayWidth.of(title) > titleWidth, case .concert(let concert) = card.payload {
      title = concertTitle(concert, withVenue: false, t)
      if DisplayWidth.of(title) > titleWidth, let listened = listenMark(concert, t) {
        // Still too long (a long headliner on a narrow row): the time goes, then the headliner is cut, never the
        // "you listen to" mark.
        meta = concertMeta(concert, withTime: false, t)
        titleWidth = max(4, width - titleColumn - 3 - DisplayWidth.of(meta))
        title = TerminalText.sanitize(concert.headliner)
        mark = " · " + listened
      }
    }
    if let mark {
      // The headliner keeps a few letters; a long matched name after "you listen to" is cut before them.
      let headlinerWidth = min(DisplayWidth.of(title), max(8, titleWidth - DisplayWidth.of(mark)))
      writes.append(RowWrite(text: title, column: titleColumn, style: style, maxWidth: headlinerWidth))
      writes.append(RowWrite(text: mark, column: titleColumn, style: style, afterPrevious: titleWidth))
    } else {
      writes.append(RowWrite(text: title, column: titleColumn, style: style, maxWidth: titleWidth))
    }
    let metaWidth = DisplayWidth.of(meta)
    if metaWidth > 0 {
      writes.append(
        RowWrite(
          text: meta, column: max(titleColumn, width - 2 - metaWidth), style: selected ? style : Theme.hint))
    }
    return writes
  }

  /// The kind label, the sanitised title and the right-hand meta text of a card.
  static func parts(_ card: FeedCard, _ t: Localizer) -> (String, String, String) {
    switch card.payload {
    case .concert(let concert):
      return (
        t[FeedL10n.kindConcert], concertTitle(concert, withVenue: true, t), concertMeta(concert, withTime: true, t)
      )
    case .newRelease(let release):
      var title = TerminalText.sanitize(release.name)
      let artists = release.artists.isEmpty ? [release.fromArtist] : release.artists
      title += " · " + TerminalText.sanitize(artists.joined(separator: ", "))
      let type = t.albumType(release.albumType)
      let date = t.date(iso: TerminalText.sanitize(release.releaseDate))
      return (t[FeedL10n.kindNewRelease], title, type.isEmpty ? date : type + " · " + date)
    case .createdPlaylist(let playlist):
      let title = t.format(FeedL10n.youCreated, ["name": TerminalText.sanitize(playlist.name)])
      return (
        t[FeedL10n.kindCreated], title, t.counted(playlist.trackCount, one: FeedL10n.songCountOne, other: .songCount)
      )
    case .songShare(let share):
      return SocialCardText.row(share, t)
    case .newFollow(let follow):
      return SocialCardText.row(follow, t)
    }
  }
}

extension Localizer {
  /// Spotify's `album_type` in this language ("single" → "Single" in German); an unknown type sanitised as is.
  func albumType(_ raw: String) -> String {
    switch raw.lowercased() {
    case "album": return self[FeedL10n.albumTypeAlbum]
    case "single": return self[FeedL10n.albumTypeSingle]
    case "compilation": return self[FeedL10n.albumTypeCompilation]
    default: return TerminalText.sanitize(raw)
    }
  }
}

extension FeedCardRow {
  /// "Headliner · Venue · you listen to Name"; when the matched artist is the headliner, "you listen to them".
  static func concertTitle(_ concert: ConcertCard, withVenue: Bool, _ t: Localizer) -> String {
    var title = TerminalText.sanitize(concert.headliner)
    if withVenue, let venue = concert.venueName, !venue.isEmpty { title += " · " + TerminalText.sanitize(venue) }
    if let mark = listenMark(concert, t) { title += " · " + mark }
    return title
  }

  /// "you listen to Name", or "you listen to them" when the matched artist is the headliner; nil without a match.
  static func listenMark(_ concert: ConcertCard, _ t: Localizer) -> String? {
    guard let artist = concert.matchedArtist else { return nil }
    let isHeadliner =
      artist.compare(concert.headliner, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    return isHeadliner
      ? t[FeedL10n.youListenToThem] : t.format(FeedL10n.youListenTo, ["name": TerminalText.sanitize(artist)])
  }

  /// The row's right-hand text: the status unless on sale, then the local date (and time).
  static func concertMeta(_ concert: ConcertCard, withTime: Bool, _ t: Localizer) -> String {
    var meta = FeedFormat.concertDate(concert, withZone: false, t)
    if !withTime { meta = t.date(iso: TerminalText.sanitize(concert.localDate ?? "")) }
    if concert.status != .onSale { meta = t.concertStatus(concert.status) + (meta.isEmpty ? "" : " · " + meta) }
    return meta
  }
}

/// Dates, prices and durations as the Feed prints them: deterministic, in the language's own date and number
/// format (`Localizer.date(iso:)`, `Localizer.decimal`).
enum FeedFormat {
  /// "2026-12-05 20:00 (Europe/Berlin)" (German "05.12.2026 20:00 (Europe/Berlin)"), a date alone, or "" when
  /// nothing is known.
  static func concertDate(_ concert: ConcertCard, withZone: Bool, _ t: Localizer) -> String {
    var text = t.date(iso: TerminalText.sanitize(concert.localDate ?? ""))
    if let time = concert.localTime, time.count >= 5 {
      text += (text.isEmpty ? "" : " ") + TerminalText.sanitize(String(time.prefix(5)))
    }
    if withZone, let zone = concert.timezone, !zone.isEmpty { text += " (" + TerminalText.sanitize(zone) + ")" }
    return text
  }

  /// "standard 35.00–80.00 EUR" (German "standard 35,00–80,00 EUR"); bounds that are missing are left out.
  static func price(_ range: ConcertCard.PriceRange, _ t: Localizer) -> String {
    let bounds = [range.min, range.max].compactMap { $0 }.map { t.decimal($0) }
    var text = bounds.count == 2 && bounds[0] == bounds[1] ? bounds[0] : bounds.joined(separator: "–")
    if let currency = range.currency, !currency.isEmpty { text += " " + TerminalText.sanitize(currency) }
    if let type = range.type, !type.isEmpty { text = TerminalText.sanitize(type) + " " + text }
    return text
  }

  /// "3:07", "1:02:03".
  static func duration(ms: Int) -> String {
    let seconds = max(0, ms) / 1000
    let (hours, minutes, rest) = (seconds / 3600, (seconds % 3600) / 60, seconds % 60)
    if hours > 0 { return String(format: "%d:%02d:%02d", hours, minutes, rest) }
    return String(format: "%d:%02d", minutes, rest)
  }

  /// "2026-10-01 09:00 UTC" (German "01.10.2026 09:00 UTC").
  static func utc(_ date: Date, _ t: Localizer) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let day = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    return t.date(iso: day) + String(format: " %02d:%02d UTC", c.hour ?? 0, c.minute ?? 0)
  }
}
