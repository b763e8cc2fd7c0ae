import GRDB

/// Where the Ticketmaster step searches concerts (issue 20 item 9). Append new migrations; never edit one that has
/// shipped.
enum ConcertAreaMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("concert-area-v1") { db in
      // The chosen radius (NULL: the default) and the suggestion the city was taken from: its name, country and
      // coordinates, so a refresh searches there without reading the city list (NULL for a typed city).
      try db.alter(table: "stepSetting") { t in
        t.add(column: "radiusKm", .integer)
        t.add(column: "placeName", .text)
        t.add(column: "placeCountry", .text)
        t.add(column: "placeLatitude", .double)
        t.add(column: "placeLongitude", .double)
      }
    }
  }
}
