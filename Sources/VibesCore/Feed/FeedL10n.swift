import Foundation

/// The living Feed's UI text (cards, status line, details), English and German.
public enum FeedL10n: String, LocalizedKey {
  case kindConcert, kindNewRelease, kindUnknown, kindCreated, youCreated, songCount
  case youListenTo
  case statusOnSale, statusOffSale, statusCanceled, statusPostponed, statusRescheduled
  case updatedJustNow, updatedAgo, updating, offlineAgo, offlineNever
  case rateLimitedSeconds, rateLimited, failed, diskFull, needsTicketmaster
  case emptyNoCity, emptyNoConcerts, emptyNoSpotify
  case lineUp, when, venue, prices, priceUnknown, status, publicSale, buyTickets, map
  case tracklist, tracksLoading, totalLength, openInSpotify, released, by
  case concertKeys, concertKeysNoLink, releaseKeys
  case helpRefresh, helpOpenLink, helpCopyLink, helpOpenMap, helpPickCity, helpTakeCity
  case agoMinutes, agoHours, agoDays
  case pendingSync
  case youListenToThem, songCountOne, albumTypeAlbum, albumTypeSingle, albumTypeCompilation
  case helpTrackInExplore, helpArtistInExplore, releaseTracksHint
  case fieldRadius, radiusKm, helpRadius, concertsWithin

  public static func table(for language: Language) -> [FeedL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [FeedL10n: String] = [
    .kindConcert: "♪ Concert", .kindNewRelease: "◆ New release", .kindUnknown: "· A card from a newer vibes",
    .kindCreated: "✚ Playlist", .youCreated: "You created {name}", .songCount: "{count} songs", .songCountOne: "1 song",
    .albumTypeAlbum: "album", .albumTypeSingle: "single", .albumTypeCompilation: "compilation",
    .youListenTo: "you listen to {name}", .youListenToThem: "you listen to them",
    .statusOnSale: "on sale", .statusOffSale: "off sale", .statusCanceled: "cancelled",
    .statusPostponed: "postponed", .statusRescheduled: "rescheduled",
    .updatedJustNow: "Updated just now", .updatedAgo: "Updated {ago} ago", .updating: "Updating…",
    .offlineAgo: "Offline · showing what was cached {ago} ago", .offlineNever: "Offline · nothing cached yet",
    .rateLimitedSeconds: "Ticketmaster asks to slow down · next try in {seconds} s",
    .rateLimited: "Ticketmaster asks to slow down · try again later",
    .failed: "Could not update: {reason}",
    .diskFull: "Not updated: the disk is full. Free some space, then refresh again (data folder {path}).",
    .needsTicketmaster: "Set up Ticketmaster to see concerts",
    .emptyNoCity: "Set up Ticketmaster to see concerts: press Enter on the setup card above.",
    .emptyNoConcerts: "No upcoming concerts found in {city}. Press r to look again.",
    .emptyNoSpotify: "Connect Spotify to see new music from artists you listen to.",
    .lineUp: "Line-up", .when: "When", .venue: "Venue", .prices: "Prices", .priceUnknown: "not announced",
    .status: "Status", .publicSale: "Public sale", .buyTickets: "Buy tickets", .map: "Map",
    .tracklist: "Tracklist", .tracksLoading: "Loading the tracklist…", .totalLength: "Total {duration}",
    .openInSpotify: "Open in Spotify", .released: "Released", .by: "by {artists}",
    .concertKeys: "o open tickets · c copy link · m open map · Esc back",
    .concertKeysNoLink: "m open map · Esc back",
    .releaseKeys: "o open in Spotify · c copy link · Esc back",
    .helpPickCity: "pick a city", .helpTakeCity: "take the city",
    .helpRefresh: "refresh", .helpOpenLink: "open link", .helpCopyLink: "copy link", .helpOpenMap: "open map",
    .agoMinutes: "{n} min", .agoHours: "{n} h", .agoDays: "{n} d",
    .pendingSync: "{count} waiting to sync",
    .helpTrackInExplore: "track in Explore", .helpArtistInExplore: "artist in Explore",
    .releaseTracksHint: "↑ ↓ choose a track · Enter opens it in Explore, to save it or add it to a playlist",
    .fieldRadius: "Radius", .radiusKm: "{km} km", .helpRadius: "change the radius",
    .concertsWithin: "Concerts within {km} km of {city}",
  ]

  static let german: [FeedL10n: String] = [
    .kindConcert: "♪ Konzert", .kindNewRelease: "◆ Neuerscheinung", .kindUnknown: "· Eine Karte einer neueren vibes",
    .kindCreated: "✚ Playlist", .youCreated: "Du hast {name} erstellt", .songCount: "{count} Titel",
    .songCountOne: "1 Titel",
    .albumTypeAlbum: "Album", .albumTypeSingle: "Single", .albumTypeCompilation: "Kompilation",
    .youListenTo: "du hörst {name}", .youListenToThem: "du hörst sie",
    .statusOnSale: "im Verkauf", .statusOffSale: "nicht im Verkauf", .statusCanceled: "abgesagt",
    .statusPostponed: "verschoben", .statusRescheduled: "neu angesetzt",
    .updatedJustNow: "Gerade aktualisiert", .updatedAgo: "Vor {ago} aktualisiert", .updating: "Wird aktualisiert…",
    .offlineAgo: "Offline · zeige den Stand von vor {ago}", .offlineNever: "Offline · noch nichts gespeichert",
    .rateLimitedSeconds: "Ticketmaster bremst · neuer Versuch in {seconds} s",
    .rateLimited: "Ticketmaster bremst · später erneut versuchen",
    .failed: "Aktualisieren fehlgeschlagen: {reason}",
    .diskFull: "Nicht aktualisiert: das Laufwerk ist voll. Schaffe Platz und aktualisiere erneut (Datenordner {path}).",
    .needsTicketmaster: "Richte Ticketmaster ein, um Konzerte zu sehen",
    .emptyNoCity: "Richte Ticketmaster ein, um Konzerte zu sehen: Enter auf der Einrichtungskarte oben.",
    .emptyNoConcerts: "Keine kommenden Konzerte in {city} gefunden. Mit r erneut suchen.",
    .emptyNoSpotify: "Verbinde Spotify, um neue Musik von Künstlern zu sehen, die du hörst.",
    .lineUp: "Line-up", .when: "Wann", .venue: "Ort", .prices: "Preise", .priceUnknown: "nicht bekannt",
    .status: "Status", .publicSale: "Vorverkauf", .buyTickets: "Tickets kaufen", .map: "Karte",
    .tracklist: "Titelliste", .tracksLoading: "Titelliste wird geladen…", .totalLength: "Gesamt {duration}",
    .openInSpotify: "In Spotify öffnen", .released: "Erschienen", .by: "von {artists}",
    .concertKeys: "o Tickets öffnen · c Link kopieren · m Karte öffnen · Esc zurück",
    .concertKeysNoLink: "m Karte öffnen · Esc zurück",
    .releaseKeys: "o in Spotify öffnen · c Link kopieren · Esc zurück",
    .helpPickCity: "Stadt wählen", .helpTakeCity: "Stadt übernehmen",
    .helpRefresh: "aktualisieren", .helpOpenLink: "Link öffnen", .helpCopyLink: "Link kopieren",
    .helpOpenMap: "Karte öffnen",
    .agoMinutes: "{n} Min.", .agoHours: "{n} Std.", .agoDays: "{n} T.",
    .pendingSync: "{count} warten auf Synchronisierung",
    .helpTrackInExplore: "Titel in Entdecken", .helpArtistInExplore: "Künstler in Entdecken",
    .releaseTracksHint:
      "↑ ↓ Titel wählen · Enter öffnet ihn in Entdecken, zum Merken oder für eine Playlist",
    .fieldRadius: "Umkreis", .radiusKm: "{km} km", .helpRadius: "Umkreis ändern",
    .concertsWithin: "Konzerte bis {km} km um {city}",
  ]
}

extension Localizer {
  public subscript(_ key: FeedL10n) -> String { text(key) }
  public func format(_ key: FeedL10n, _ values: [String: String]) -> String { text(key, values) }

  /// "5 min", "3 h", "2 d" for a positive interval.
  public func feedAgo(_ seconds: TimeInterval) -> String {
    let minutes = max(1, Int(seconds / 60))
    if minutes < 60 { return format(.agoMinutes, ["n": "\(minutes)"]) }
    if minutes < 48 * 60 { return format(.agoHours, ["n": "\(minutes / 60)"]) }
    return format(.agoDays, ["n": "\(minutes / 1440)"])
  }

  /// The words for a concert's status (an unknown code is shown as it came).
  public func concertStatus(_ status: ConcertStatus) -> String {
    switch status {
    case .onSale: return self[.statusOnSale]
    case .offSale: return self[.statusOffSale]
    case .canceled: return self[.statusCanceled]
    case .postponed: return self[.statusPostponed]
    case .rescheduled: return self[.statusRescheduled]
    default: return TerminalText.sanitize(status.rawValue)
    }
  }

  /// "Concerts within 50 km of Berlin" (the city as saved, sanitised).
  public func concertsWithin(radiusKm: Int, city: String) -> String {
    format(.concertsWithin, ["km": "\(radiusKm)", "city": TerminalText.sanitize(city)])
  }

  /// "50 km".
  public func radius(_ km: Int) -> String { format(.radiusKm, ["km": "\(km)"]) }

  /// The status line under the SetupCard (with the offline actions still waiting to sync and any Spotify problem
  /// after it), or nil when there is nothing to say.
  public func feedStatusLine(_ refresh: FeedRefreshState) -> String? {
    var parts = feedRefreshStatus(refresh).map { [$0] } ?? []
    // Before the Spotify problem, which can be long: a narrow terminal cuts the end of the line.
    if refresh.pendingSync > 0 {
      parts.append(format(.pendingSync, ["count": "\(refresh.pendingSync)"]))
    }
    if let problem = refresh.spotifyProblem.map({ TerminalText.sanitize($0) }), !refresh.isUpdating {
      parts.append(problem)
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  func feedRefreshStatus(_ refresh: FeedRefreshState) -> String? {
    let ago: String? = refresh.updatedAt.map { updated in
      let seconds = (refresh.now ?? updated).timeIntervalSince(updated)
      return seconds < 60 ? "" : feedAgo(seconds)
    }
    switch refresh.phase {
    case .updating: return self[.updating]
    case .offline:
      guard let ago else { return self[.offlineNever] }
      return format(.offlineAgo, ["ago": ago.isEmpty ? feedAgo(60) : ago])
    case .rateLimited(let seconds?): return format(.rateLimitedSeconds, ["seconds": "\(seconds)"])
    case .rateLimited(nil): return self[.rateLimited]
    case .failed(let reason): return format(FeedL10n.failed, ["reason": TerminalText.sanitize(reason)])
    case .diskFull(let folder): return format(FeedL10n.diskFull, ["path": TerminalText.sanitize(folder)])
    case .needsTicketmaster: return self[.needsTicketmaster]
    case .idle:
      guard let ago else { return nil }
      return ago.isEmpty ? self[.updatedJustNow] : format(.updatedAgo, ["ago": ago])
    }
  }
}
