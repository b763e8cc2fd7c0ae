import Foundation
import VibesCore

/// A concert's detail: the event, the whole line-up, date and time zone, venue and address with a map link,
/// prices, status, the public sale window, and the Buy tickets link (OSC 8, open, copy). All network text sanitised.
enum ConcertDetailScreen {
  static func render(_ concert: ConcertCard, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row + 1
    grid.write(
      TerminalText.sanitize(concert.name), row: row, column: 2, style: Theme.title, maxWidth: area.width - 4)
    row += 1
    var kind = t[FeedL10n.kindConcert]
    if let artist = concert.matchedArtist {
      kind += " · " + t.format(FeedL10n.youListenTo, ["name": TerminalText.sanitize(artist)])
    }
    // Wrapped, not cut: a long artist name still reads whole after "you listen to".
    for line in WordWrap.lines(kind, width: area.width - 4) {
      grid.write(line, row: row, column: 2, style: Theme.hint, maxWidth: area.width - 4)
      row += 1
    }
    row += 1

    let labels: [FeedL10n] = [.lineUp, .when, .venue, .map, .prices, .status, .publicSale]
    let labelWidth = labels.map { DisplayWidth.of(t[$0]) }.max() ?? 10
    let valueColumn = 2 + labelWidth + 2
    let valueWidth = max(8, area.width - valueColumn - 2)
    func field(_ label: FeedL10n, _ lines: [String], style: CellStyle = .plain) {
      guard !lines.isEmpty else { return }
      grid.write(t[label], row: row, column: 2, style: Theme.hint)
      for line in lines {
        for piece in WordWrap.lines(line, width: valueWidth) {
          grid.write(piece, row: row, column: valueColumn, style: style, maxWidth: valueWidth)
          row += 1
        }
      }
    }

    field(
      .lineUp,
      concert.attractions.isEmpty
        ? [] : [concert.attractions.map { TerminalText.sanitize($0.name) }.joined(separator: ", ")])
    let when = FeedFormat.concertDate(concert, withZone: true, t)
    field(.when, when.isEmpty ? [] : [when])
    let place = [concert.addressLine, concert.city, concert.region].compactMap { $0 }.filter { !$0.isEmpty }
      .map { TerminalText.sanitize($0) }.joined(separator: ", ")
    field(.venue, [concert.venueName.map { TerminalText.sanitize($0) }, place.isEmpty ? nil : place].compactMap { $0 })
    if let map = concert.mapURL?.absoluteString {
      grid.write(t[FeedL10n.map], row: row, column: 2, style: Theme.hint)
      // A long place name must not push the rest of the screen away: two rows at most, a cut marked with "…".
      let rows = grid.wrappedLink(
        map, row: row, column: valueColumn, width: valueWidth, limit: min(grid.height, row + 2), style: Theme.link)
      row += rows
    }
    let prices = concert.priceRanges.map { FeedFormat.price($0, t) }
    field(.prices, prices.isEmpty ? [t[FeedL10n.priceUnknown]] : prices)
    field(.status, [t.concertStatus(concert.status)], style: concert.status == .onSale ? Theme.complete : Theme.warning)
    if let sale = concert.publicSale {
      let window = [sale.start, sale.end].map { $0.map { FeedFormat.utc($0, t) } ?? "…" }.joined(separator: " – ")
      field(.publicSale, [window])
    }
    row += 1
    if let url = concert.url.map(FeedLinks.safe), !url.isEmpty {
      LinkLine.render(
        url: url, keys: t[FeedL10n.concertKeys], label: t[FeedL10n.buyTickets], into: &grid, row: row, area: area, t)
    } else {
      LinkLine.writeKeys(t[FeedL10n.concertKeysNoLink], into: &grid, row: row, area: area)
    }
  }
}

/// A new release's detail: title, artists, type and date, the numbered tracklist with durations and the total
/// length, and "Open in Spotify".
enum ReleaseDetailScreen {
  static func render(_ detail: ReleaseDetailState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let card = detail.card
    var row = area.row + 1
    // The cover at the right of the title lines; they keep left of it.
    let box = ArtworkBox.place(card.imageURL, in: &grid, area, row: row)
    let textWidth = ArtworkBox.textWidth(area.width - 4, beside: box)
    grid.write(TerminalText.sanitize(card.name), row: row, column: 2, style: Theme.title, maxWidth: textWidth)
    row += 1
    let artists = card.artists.isEmpty ? [card.fromArtist] : card.artists
    grid.write(
      t[FeedL10n.kindNewRelease] + " · "
        + t.format(FeedL10n.by, ["artists": TerminalText.sanitize(artists.joined(separator: ", "))]),
      row: row, column: 2, style: Theme.hint, maxWidth: textWidth)
    row += 1
    grid.write(
      t[FeedL10n.released] + " " + t.date(iso: TerminalText.sanitize(card.releaseDate)) + " · "
        + t.albumType(card.albumType),
      row: row, column: 2, style: Theme.hint, maxWidth: textWidth)
    row += 2
    if let box { row = max(row, box.bottom + 1) }
    grid.write(t[FeedL10n.tracklist], row: row, column: 2, style: Theme.title)
    row += 1
    switch detail.tracks {
    case .loading:
      grid.write(t[FeedL10n.tracksLoading], row: row, column: 4, style: Theme.hint)
      row += 1
    case .failed(let message):
      for line in WordWrap.lines(TerminalText.sanitize(message), width: area.width - 6) {
        grid.write(line, row: row, column: 4, style: Theme.error)
        row += 1
      }
    case .loaded(let tracks):
      for line in WordWrap.lines(t[FeedL10n.releaseTracksHint], width: area.width - 6) {
        grid.write(line, row: row, column: 4, style: Theme.hint)
        row += 1
      }
      let numberWidth = String(tracks.count).count
      row = ListView.render(
        count: tracks.count, selected: detail.list.selected, top: row, markerColumn: 2, into: &grid
      ) { grid, item in
        let track = tracks[item.index]
        let number =
          String(repeating: " ", count: max(0, numberWidth - String(track.number).count))
          + "\(track.number)."
        let time = FeedFormat.duration(ms: track.durationMs)
        grid.write(number, row: item.row, column: 4, style: Theme.hint)
        let nameColumn = 4 + numberWidth + 2
        grid.write(
          TerminalText.sanitize(track.name), row: item.row, column: nameColumn, style: item.style(),
          maxWidth: max(4, area.width - nameColumn - 3 - time.count))
        grid.write(time, row: item.row, column: area.width - 2 - time.count, style: Theme.hint)
      }
      let total = t.format(FeedL10n.totalLength, ["duration": FeedFormat.duration(ms: detail.totalMs ?? 0)])
      grid.write(total, row: row, column: max(4, area.width - 2 - DisplayWidth.of(total)), style: Theme.title)
      row += 1
    }
    row += 1
    if let url = card.spotifyURL.map(FeedLinks.safe), !url.isEmpty {
      LinkLine.render(
        url: url, keys: t[FeedL10n.releaseKeys], label: t[FeedL10n.openInSpotify], into: &grid, row: row, area: area,
        t)
    }
  }
}
