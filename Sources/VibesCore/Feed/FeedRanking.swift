import Foundation

/// Orders the Feed: pure, so the same inputs always give the same list.
public enum FeedRanking {
  /// New releases older than this many days are left out.
  public static let releaseWindowDays = 60
  /// At most this many cards of one kind in a row while another kind still has cards.
  public static let maxRunOfOneKind = 4
  /// At most this many cards from one refresh (issue 21, item 8: one refresh stored 8,005 cards).
  public static let maxCards = 600
  /// Concerts further ahead than this many days (five years: listings rarely go past two, and the fakes and the demo
  /// clock date theirs in 2030), and releases dated more than `maxReleaseLeadDays` ahead, are not
  /// real listings (a `9999-12-31` date) and are left out.
  public static let maxConcertLeadDays = 5 * 366
  public static let maxReleaseLeadDays = 366

  /// Past events dropped; concerts by a top artist first (soonest first, marked with the artist); then the other
  /// concerts (soonest first) alternating with new releases of the last 60 days (newest first); and never five
  /// cards of one kind in a row while another kind remains. At most `maxCards` cards; impossible dates are left out.
  public static func rank(
    concerts: [ConcertCard], releases: [NewReleaseCard], topArtists: [FeedArtist], now: Date
  ) -> [FeedCard] {
    let latestConcert = now.addingTimeInterval(Double(maxConcertLeadDays) * 86_400)
    let latestRelease = now.addingTimeInterval(Double(maxReleaseLeadDays) * 86_400)
    let artists = topArtists.map { (key: matchKey($0.name), name: $0.name) }.filter { !$0.key.isEmpty }
    var matched: [(ConcertCard, Date)] = []
    var others: [(ConcertCard, Date)] = []
    var seenEvents = Set<String>()
    for var concert in concerts {
      guard seenEvents.insert(concert.eventID).inserted, let start = startDate(of: concert),
        start >= now, start <= latestConcert
      else { continue }
      concert.matchedArtist = match(concert, artists: artists)
      if concert.matchedArtist != nil {
        matched.append((concert, start))
      } else {
        others.append((concert, start))
      }
    }
    let soonest: ((ConcertCard, Date), (ConcertCard, Date)) -> Bool = {
      $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.eventID < $1.0.eventID
    }
    matched.sort(by: soonest)
    others.sort(by: soonest)

    let oldest = now.addingTimeInterval(-Double(releaseWindowDays) * 86_400)
    var seenAlbums = Set<String>()
    var recent: [(NewReleaseCard, Date)] = []
    for release in releases {
      guard let date = release.releasedAt, date >= oldest, date <= latestRelease,
        seenAlbums.insert(release.albumID).inserted
      else { continue }
      recent.append((release, date))
    }
    recent.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.albumID < $1.0.albumID }

    var ordered = matched.map { FeedCard.concert($0.0) }
    var concertIndex = 0
    var releaseIndex = 0
    while concertIndex < others.count || releaseIndex < recent.count {
      if concertIndex < others.count {
        ordered.append(.concert(others[concertIndex].0))
        concertIndex += 1
      }
      if releaseIndex < recent.count {
        ordered.append(.newRelease(recent[releaseIndex].0))
        releaseIndex += 1
      }
    }
    return Array(enforceVariety(ordered).prefix(maxCards))
  }

  /// Keeps the order but, where a run of `maxRun` cards of one kind would grow while a card of another kind comes
  /// later, pulls the next such card forward.
  public static func enforceVariety(_ cards: [FeedCard], maxRun: Int = maxRunOfOneKind) -> [FeedCard] {
    enforceVariety(cards, maxRun: maxRun, kind: \.kind)
  }

  /// The same for any cards with a kind (the social Feed mixes its cards with these).
  public static func enforceVariety<Card>(
    _ cards: [Card], maxRun: Int = maxRunOfOneKind, kind: (Card) -> FeedCardKind
  ) -> [Card] {
    guard maxRun > 0 else { return cards }
    var pending = cards
    var result: [Card] = []
    result.reserveCapacity(cards.count)
    var run = 0
    var head = 0
    while head < pending.count {
      var next = pending[head]
      if run >= maxRun, let last = result.last, kind(next) == kind(last),
        let other = pending[head...].firstIndex(where: { kind($0) != kind(last) })
      {
        next = pending.remove(at: other)
      } else {
        head += 1
      }
      run = result.last.map(kind) == kind(next) ? run + 1 : 1
      result.append(next)
    }
    return result
  }

  /// When the event starts: its UTC `dateTime`, else its local date and time in its timezone. With no time, the
  /// end of the local day; with no timezone, the latest that day could end anywhere (UTC-12), so a show that may
  /// still be ahead is never dropped. nil when no date is known.
  public static func startDate(of concert: ConcertCard) -> Date? {
    if let dateTime = concert.dateTime { return dateTime }
    guard let localDate = WireDates.date(concert.localDate), localDate.utf8.count == 10 else { return nil }
    let dateParts = localDate.split(separator: "-").compactMap { Int($0) }
    guard dateParts.count == 3 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    let zone = concert.timezone.flatMap(TimeZone.init(identifier:))
    calendar.timeZone = zone ?? TimeZone(secondsFromGMT: -12 * 3600)!
    var components = DateComponents(year: dateParts[0], month: dateParts[1], day: dateParts[2])
    let timeParts = concert.localTime?.split(separator: ":").compactMap { Int($0) } ?? []
    if timeParts.count >= 2 {
      components.hour = timeParts[0]
      components.minute = timeParts[1]
      components.second = timeParts.count > 2 ? timeParts[2] : 0
    } else {
      components.hour = 23
      components.minute = 59
      components.second = 59
    }
    guard components.isValidDate(in: calendar) else { return nil }
    return calendar.date(from: components)
  }

  /// Case-, diacritic- and width-insensitive form of an artist name, with spacing collapsed.
  public static func matchKey(_ name: String) -> String {
    name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  private static func match(_ concert: ConcertCard, artists: [(key: String, name: String)]) -> String? {
    guard !artists.isEmpty else { return nil }
    let names = concert.attractions.isEmpty ? [concert.name] : concert.attractions.map(\.name)
    for name in names {
      let key = matchKey(name)
      if let artist = artists.first(where: { $0.key == key }) { return artist.name }
    }
    return nil
  }
}
