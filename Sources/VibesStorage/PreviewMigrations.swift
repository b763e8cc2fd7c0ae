import GRDB

/// The preview matches' table. Append new migrations; never edit one that has shipped.
enum PreviewMigrations {
  static func register(in migrator: inout DatabaseMigrator) {
    // One row per Spotify track and storefront the iTunes store was asked about: the matched clip and its Apple Music page, or
    // both NULL for "the store has no match" (never written for a rate-limited or failed ask).
    migrator.registerMigration("previews-v1") { db in
      try db.create(table: "previewMatch") { t in
        t.column("spotifyTrackID", .text).notNull()
        t.column("storefront", .text).notNull()
        t.column("previewURL", .text)
        t.column("storeURL", .text)
        t.column("matchedAt", .datetime).notNull()
        t.primaryKey(["spotifyTrackID", "storefront"])
      }
    }
  }
}
