import Foundation
import VibesCore

/// The social cards' row text: "♫ Shared  @ana shared a song: Title · Artist — “message”", "✉ For you  From @bo:
/// Title · Artist", "☺ Follow  @cy followed you"; on the right "new" while unread, then the day. The sender's
/// message follows the song on one line (FR-2.4: followers see it in the Feed, not only in Song Detail) and is cut
/// where the row ends. Other people's text is sanitised and capped here again (it was when read).
enum SocialCardText {
  static func row(_ share: SongShareCard, _ t: Localizer) -> (String, String, String) {
    let name = clean(share.senderName, SocialTextLimits.username + 1)
    let song = songLine(share)
    let headline =
      share.isDirect
      ? t.format(SocialFeedL10n.fromName, ["name": name]) + ": " + song
      : t.format(SocialFeedL10n.sharedASong, ["name": name]) + ": " + song
    let message = oneLine(share.message ?? "")
    let title =
      message.isEmpty ? headline : headline + " — " + t.format(SocialFeedL10n.quotedMessage, ["message": message])
    let label = t[share.isDirect ? SocialFeedL10n.kindSentToYou : .kindShared]
    return (label, title, meta(unread: share.isUnread, date: share.createdAt, t))
  }

  static func row(_ follow: NewFollowCard, _ t: Localizer) -> (String, String, String) {
    let name = clean(follow.name, SocialTextLimits.username + 1)
    return (
      t[SocialFeedL10n.kindFollow], t.format(SocialFeedL10n.followedYou, ["name": name]),
      meta(unread: follow.isUnread, date: follow.createdAt, t)
    )
  }

  /// The message on one row: sanitised, capped, every run of line breaks and spaces one space.
  static func oneLine(_ message: String) -> String {
    clean(message, SocialTextLimits.message).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// "Title · Artist" as stored with the share.
  static func songLine(_ share: SongShareCard) -> String {
    let title = clean(share.track.trackName, ShareRepositoryLimits.track)
    let artist = clean(share.track.artistName, ShareRepositoryLimits.track)
    return artist.isEmpty ? title : title + " · " + artist
  }

  static func meta(unread: Bool, date: Date?, _ t: Localizer) -> String {
    let day = date.map { t.date(iso: isoDay($0)) } ?? ""
    guard unread else { return day }
    return t[SocialFeedL10n.unread] + (day.isEmpty ? "" : " · " + day)
  }

  static func isoDay(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
  }

  static func clean(_ text: String, _ limit: Int) -> String { SocialTextLimits.clean(text, limit: limit) }

  /// "3 h ago" from `now`, or the UTC date and time when the clock is not known yet.
  static func when(_ date: Date?, now: Date?, _ t: Localizer) -> String {
    guard let date else { return "" }
    guard let now, now >= date else { return FeedFormat.utc(date, t) }
    return t.format(SocialFeedL10n.ago, ["ago": t.feedAgo(now.timeIntervalSince(date))])
  }
}

/// Caps for a share's song text when drawn (as `ShareRepository` caps them when read).
enum ShareRepositoryLimits {
  static let track = 200
}

/// FR-4.3's quick actions, written into the lower border of the SetupCard so they stay while the list scrolls:
/// "Quick: / Search · s Send a song" (shorter at narrow widths; left out when Explore is not there).
enum QuickActionsBar {
  static func render(_ state: AppState, row: Int, right: Int, into grid: inout Grid, _ t: Localizer) {
    guard state.tabs.contains(.explore) else { return }
    let available = right - 4
    for key in [SocialFeedL10n.quickBar, .quickBarShort] {
      let text = " " + t[key] + " "
      let width = DisplayWidth.of(text)
      guard width <= available else { continue }
      grid.write(text, row: row, column: right - width, style: Theme.hint)
      return
    }
  }
}

/// Song Detail (FR-7.1): the song as it was shared (title, artist, album: shown even when Spotify no longer has
/// it), "From @name · 3 h ago", the sender's message (sanitised, capped, wrapped), the Spotify link, and the keys.
enum SongDetailScreen {
  static func render(_ share: SongShareCard, now: Date?, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let width = area.width - 4
    var row = area.row + 1
    let title = SocialCardText.clean(share.track.trackName, ShareRepositoryLimits.track)
    grid.write(title.isEmpty ? "?" : title, row: row, column: 2, style: Theme.title, maxWidth: width)
    row += 1
    let kind = t[share.isDirect ? SocialFeedL10n.kindSentToYou : .kindShared]
    let artist = SocialCardText.clean(share.track.artistName, ShareRepositoryLimits.track)
    if !artist.isEmpty {
      for line in WordWrap.lines(kind + " · " + t.format(SocialFeedL10n.songBy, ["artist": artist]), width: width) {
        grid.write(line, row: row, column: 2, style: Theme.hint, maxWidth: width)
        row += 1
      }
    }
    let album = SocialCardText.clean(share.track.albumName, ShareRepositoryLimits.track)
    if !album.isEmpty {
      for line in WordWrap.lines(t.format(SocialFeedL10n.songAlbum, ["album": album]), width: width) {
        grid.write(line, row: row, column: 2, style: Theme.hint, maxWidth: width)
        row += 1
      }
    }
    row += 1
    let name = SocialCardText.clean(share.senderName, SocialTextLimits.username + 1)
    let when = SocialCardText.when(share.createdAt, now: now, t)
    var from =
      when.isEmpty
      ? t.format(SocialFeedL10n.songFrom, ["name": name])
      : t.format(SocialFeedL10n.songFromWhen, ["name": name, "when": when])
    from += " · " + t[share.isUnread ? SocialFeedL10n.unread : .songRead]
    grid.write(from, row: row, column: 2, style: Theme.title, maxWidth: width)
    row += 1
    if let message = share.message.map({ SocialCardText.clean($0, SocialTextLimits.message) }), !message.isEmpty {
      for line in WordWrap.lines("“" + message + "”", width: width - 2) {
        grid.write(line, row: row, column: 4, style: .plain, maxWidth: width - 2)
        row += 1
      }
    }
    row += 1
    for line in WordWrap.lines(t[SocialFeedL10n.songStored], width: width) {
      grid.write(line, row: row, column: 2, style: Theme.hint, maxWidth: width)
      row += 1
    }
    row += 1
    if let url = share.spotifyURL {
      LinkLine.render(
        url: url, keys: t[SocialFeedL10n.songKeys], label: t[FeedL10n.openInSpotify], into: &grid, row: row,
        area: area, t)
    } else {
      LinkLine.writeKeys(t[SocialFeedL10n.songKeysNoLink], into: &grid, row: row, area: area)
    }
  }
}
