/// The demo's fixed music catalog: the songs the demo Gemini suggests are the songs the demo Spotify finds,
/// so a generated playlist matches completely. Everything is deterministic.
enum DemoCatalog {
  struct Song: Sendable {
    let title: String
    let artist: String
    let album: String
    let year: Int
    /// A new single: released this many days before the demo's today (`DemoClock`), so the Feed shows it.
    var daysAgo: Int?

    /// Spotify's `release_date` and its precision: the year, or the day for a new single.
    var releaseDate: (date: String, precision: String) {
      daysAgo.map { (DemoClock.day(-$0), "day") } ?? ("\(year)", "year")
    }
  }

  static let songs: [Song] = [
    Song(title: "Midnight City", artist: "M83", album: "Hurry Up, We're Dreaming", year: 2011),
    Song(title: "Dreams", artist: "Fleetwood Mac", album: "Rumours", year: 1977),
    Song(title: "Heroes", artist: "David Bowie", album: "Heroes", year: 1977),
    Song(title: "Teardrop", artist: "Massive Attack", album: "Mezzanine", year: 1998),
    Song(title: "Digital Love", artist: "Daft Punk", album: "Discovery", year: 2001),
    Song(title: "Nightcall", artist: "Kavinsky", album: "OutRun", year: 2013),
    Song(title: "Intro", artist: "The xx", album: "xx", year: 2009),
    Song(title: "Strobe", artist: "deadmau5", album: "For Lack of a Better Name", year: 2009),
    Song(title: "Glory Box", artist: "Portishead", album: "Dummy", year: 1994),
    Song(title: "Electric Feel", artist: "MGMT", album: "Oracular Spectacular", year: 2007),
    Song(title: "Oblivion", artist: "Grimes", album: "Visions", year: 2012),
    Song(title: "Genesis", artist: "Justice", album: "Cross", year: 2007),
    Song(title: "Innerbloom", artist: "RÜFÜS DU SOL", album: "Bloom", year: 2016),
    Song(title: "Cola", artist: "Arlo Parks", album: "Super Sad Generation", year: 2019),
    Song(title: "Holocene", artist: "Bon Iver", album: "Bon Iver", year: 2011),
    Song(title: "Space Song", artist: "Beach House", album: "Depression Cherry", year: 2015),
    Song(title: "Retrograde", artist: "James Blake", album: "Overgrown", year: 2013),
    Song(title: "Jóga", artist: "Björk", album: "Homogenic", year: 1997),
    // New singles (made up for the demo), dated from the demo's today.
    Song(title: "Neon Harbour", artist: "M83", album: "Neon Harbour", year: 2030, daysAgo: 4),
    Song(title: "Quiet Satellites", artist: "Beach House", album: "Quiet Satellites", year: 2030, daysAgo: 11),
    Song(title: "Lumen", artist: "Justice", album: "Lumen", year: 2030, daysAgo: 26),
  ]

  /// Concerts the demo Ticketmaster lists (name, venue, local date), dated in days from the demo's today.
  static let concerts: [(name: String, venue: String, date: String)] = [
    ("M83", "Columbiahalle", 13), ("Massive Attack", "Max-Schmeling-Halle", 32),
    ("Beach House", "Astra Kulturhaus", 49), ("Justice", "Velodrom", 68),
    ("Arlo Parks", "Festsaal Kreuzberg", 83), ("Bon Iver", "Tempodrom", 102),
    ("Grimes", "Huxleys Neue Welt", 118), ("James Blake", "Verti Music Hall", 130),
  ].map { ($0.0, $0.1, DemoClock.day($0.2)) }

  static func slug(_ text: String) -> String {
    let letters = text.lowercased().unicodeScalars.filter { $0.isASCII && CharacterSetLite.alphanumeric($0) }
    return String(String.UnicodeScalarView(letters)).padding(toLength: 12, withPad: "0", startingAt: 0)
  }

  static func trackID(_ index: Int) -> String { "demoTrack\(String(format: "%013d", index))" }
  static func artistID(_ name: String) -> String { "demoArtist" + slug(name) }
  static func albumID(_ name: String) -> String { "demoAlbum" + slug(name) }
}

/// ASCII letters and digits, without Foundation.
enum CharacterSetLite {
  static func alphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
  }
}
