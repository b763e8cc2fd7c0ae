/// The demo's fixed music catalog: the songs the demo Gemini suggests are the songs the demo Spotify finds,
/// so a generated playlist matches completely. Everything is deterministic.
enum DemoCatalog {
  struct Song: Sendable {
    let title: String
    let artist: String
    let album: String
    let year: Int
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
  ]

  /// Concerts the demo Ticketmaster lists (name, venue); dates are fixed in the future.
  static let concerts: [(name: String, venue: String, date: String)] = [
    ("M83", "Columbiahalle", "2030-03-14"), ("Massive Attack", "Max-Schmeling-Halle", "2030-04-02"),
    ("Beach House", "Astra Kulturhaus", "2030-04-19"), ("Justice", "Velodrom", "2030-05-08"),
    ("Arlo Parks", "Festsaal Kreuzberg", "2030-05-23"), ("Bon Iver", "Tempodrom", "2030-06-11"),
    ("Grimes", "Huxleys Neue Welt", "2030-06-27"), ("James Blake", "Verti Music Hall", "2030-07-09"),
  ]

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
