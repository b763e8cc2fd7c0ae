import Foundation

/// The demo account, its friends and what they do: a signed-in "Demo Listener" (@demo_listener) who follows five
/// friends (three follow back), has a conversation with Aisha, and has blocked @rex_spam (whose share, thread and
/// profile are in the database, so the app's filtering is what keeps him out of sight). While the demo runs, on the
/// demo timeline, Mika shares a song to all, Jonas sends one with a message and Lena starts following. Every song is
/// from `DemoCatalog`, so opening one finds it on the demo Spotify. Two people it does not follow yet are suggested
/// in People: Noor (followed by Mika and Aisha) and Sam (a close taste match). All data is fixed: a recording is
/// the same every run.
enum DemoFriends {
  struct Person: Sendable {
    let uid: String
    let displayName: String
    let username: String
    let bio: String
    /// The public taste summary (Blend): top artists and genres with weights.
    let artists: [String]
    let genres: [String]
    let streak: Int
  }

  static let me = Person(
    uid: "demoUidListener", displayName: "Demo Listener", username: "demo_listener",
    bio: "Trying out vibes in the demo.", artists: ["M83", "Beach House", "Justice"],
    genres: ["synthwave", "dream pop"], streak: 3)
  static let mika = Person(
    uid: "demoUidMika", displayName: "Mika Tanaka", username: "mika",
    bio: "Synths after midnight. Tokyo → Berlin.", artists: ["M83", "Kavinsky", "Daft Punk", "Justice"],
    genres: ["synthwave", "french house"], streak: 12)
  static let jonas = Person(
    uid: "demoUidJonas", displayName: "Jonas Weber", username: "jonas_w",
    bio: "Record shop Saturdays, headphones the rest of the week.", artists: ["Bon Iver", "James Blake", "The xx"],
    genres: ["indie folk", "electronica"], streak: 5)
  static let aisha = Person(
    uid: "demoUidAisha", displayName: "Aisha Khan", username: "aisha",
    bio: "Trip-hop forever. Ask me about Bristol.", artists: ["Massive Attack", "Portishead", "Björk"],
    genres: ["trip hop", "art pop"], streak: 21)
  static let lena = Person(
    uid: "demoUidLena", displayName: "Lena Fischer", username: "lena_f",
    bio: "Dream pop and long train rides.", artists: ["Beach House", "Grimes", "Arlo Parks"],
    genres: ["dream pop", "bedroom pop"], streak: 0)
  static let theo = Person(
    uid: "demoUidTheo", displayName: "Theo Martin", username: "theo",
    bio: "Festival season is a state of mind.", artists: ["RÜFÜS DU SOL", "deadmau5", "MGMT"],
    genres: ["progressive house", "indie electronic"], streak: 2)
  /// A friend of friends (Mika and Aisha follow her): People suggests her, "followed by @aisha and @mika".
  static let noor = Person(
    uid: "demoUidNoor", displayName: "Noor Haddad", username: "noor",
    bio: "Bristol sound-system kid. Vinyl only on Sundays.", artists: ["Massive Attack", "Burial", "Portishead"],
    genres: ["trip hop", "uk garage"], streak: 4)
  /// Nobody you know follows him, but his taste is close to yours: People suggests him by taste match.
  static let sam = Person(
    uid: "demoUidSam", displayName: "Sam Rivera", username: "sam_r", bio: "Shoegaze at sunrise.",
    artists: ["Beach House", "M83", "Cocteau Twins"], genres: ["dream pop", "shoegaze"], streak: 1)
  /// Blocked by the demo account: must never show.
  static let rex = Person(
    uid: "demoUidRex", displayName: "Rex Spamley", username: "rex_spam", bio: "FREE FOLLOWERS → click my link",
    artists: [], genres: [], streak: 0)

  static let friends = [mika, jonas, aisha, lena, theo]
  /// People the demo account does not follow yet (suggested in People).
  static let strangers = [noor, sam]
  static let everyone = [me] + friends + strangers + [rex]

  /// Who follows whom before anything happens (follower, followed, hours before the demo's now).
  static let follows: [(Person, Person, Double)] = [
    (me, mika, 400), (me, jonas, 380), (me, aisha, 300), (me, lena, 200), (me, theo, 90),
    (mika, me, 390), (jonas, me, 370), (aisha, me, 290), (mika, aisha, 500), (aisha, mika, 480),
    (jonas, lena, 250), (theo, mika, 120),
    // Friends of friends: Noor is suggested; Rex is followed by Theo too, but blocked, so never suggested.
    (mika, noor, 600), (aisha, noor, 550), (theo, rex, 700),
  ]

  // MARK: Time

  /// The demo's now (`DemoClock.instant`) moved by `seconds`, as Firestore writes timestamps.
  static func time(_ seconds: Double) -> String {
    DemoTime.rfc3339(micros: Int64((DemoClock.instant.timeIntervalSince1970 + seconds) * 1_000_000))
  }

  static func hoursAgo(_ hours: Double) -> String { time(-hours * 3600) }

  // MARK: Documents

  static func profile(_ person: Person, following: Int) -> [String: Any] {
    func entries(_ names: [String]) -> [String: Any] {
      DemoValue.array(
        names.enumerated().map { index, name in
          DemoValue.map(["name": DemoValue.string(name), "weight": DemoValue.double(1.0 - Double(index) * 0.15)])
        })
    }
    var fields: [String: Any] = [
      "uid": DemoValue.string(person.uid), "displayName": DemoValue.string(person.displayName),
      "username": DemoValue.string(person.username), "bio": DemoValue.string(person.bio),
      "followingCount": DemoValue.integer(following), "streak": DemoValue.integer(person.streak),
      "achievements": DemoValue.array([]), "createdAt": DemoValue.timestamp(hoursAgo(24 * 60)),
    ]
    if person.streak > 0 {
      // Last counted yesterday (days since 1970 in UTC, as vibes stores a day): the streak stands today.
      fields["streakDay"] = DemoValue.integer(Int(DemoClock.instant.timeIntervalSince1970 / 86_400) - 1)
      fields["streakLongest"] = DemoValue.integer(person.streak)
    }
    if !person.artists.isEmpty {
      fields["taste"] = DemoValue.map(["artists": entries(person.artists), "genres": entries(person.genres)])
      fields["tasteKeys"] = DemoValue.array(person.artists.map { DemoValue.string(tasteKey($0)) })
    }
    return fields
  }

  /// `GenreNames.key` in VibesCore (this target does not depend on it): folded, words of letters and digits.
  static func tasteKey(_ name: String) -> String {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    let words = folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
    return String(words).split(separator: " ").joined(separator: " ")
  }

  static func track(_ title: String) -> [String: Any] {
    let index = DemoCatalog.songs.firstIndex { $0.title == title } ?? 0
    let song = DemoCatalog.songs[index]
    let id = DemoCatalog.trackID(index)
    return [
      "trackId": DemoValue.string(id), "trackName": DemoValue.string(song.title),
      "artistName": DemoValue.string(song.artist), "albumName": DemoValue.string(song.album),
      "trackUri": DemoValue.string("spotify:track:\(id)"),
    ]
  }

  /// `threads/{a}_{b}` as vibes names it (the two uids in byte order).
  static func thread(_ a: String, _ b: String) -> (id: String, participants: [String]) {
    let sorted = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? [a, b] : [b, a]
    return (sorted.joined(separator: "_"), sorted)
  }

  /// A share to all (`to` nil) or to one person (with its thread and message), as vibes writes one.
  static func share(
    _ id: String, from sender: Person, to recipient: Person?, song: String, message: String?, at time: String,
    into store: inout DemoFirestore
  ) {
    var fields = track(song)
    fields["senderId"] = DemoValue.string(sender.uid)
    fields["senderUsername"] = DemoValue.string(sender.username)
    fields["senderDisplayName"] = DemoValue.string(sender.displayName)
    fields["recipientId"] = recipient.map { DemoValue.string($0.uid) } ?? DemoValue.null
    fields["createdAt"] = DemoValue.timestamp(time)
    if let message { fields["message"] = DemoValue.string(message) }
    if let recipient {
      let thread = thread(sender.uid, recipient.uid)
      fields["threadId"] = DemoValue.string(thread.id)
      store.set(
        "threads/\(thread.id)",
        [
          "participants": DemoValue.array(thread.participants.map(DemoValue.string)),
          "lastMessageAt": DemoValue.timestamp(time),
        ], at: time)
      store.set(
        "threads/\(thread.id)/messages/\(id)",
        [
          "senderId": DemoValue.string(sender.uid), "shareId": DemoValue.string(id),
          "createdAt": DemoValue.timestamp(time),
        ], at: time)
    }
    store.set("shares/\(id)", fields, at: time)
  }

  static func follow(_ follower: Person, _ followed: Person, at time: String, into store: inout DemoFirestore) {
    store.set(
      "friendships/\(follower.uid)_\(followed.uid)",
      [
        "followerId": DemoValue.string(follower.uid), "followingId": DemoValue.string(followed.uid),
        "status": DemoValue.string("accepted"), "createdAt": DemoValue.timestamp(time),
      ], at: time)
  }

  /// The database when the demo starts.
  static func seed() -> DemoFirestore {
    var store = DemoFirestore()
    let created = hoursAgo(24 * 60)
    for person in everyone {
      let following = follows.filter { $0.0.uid == person.uid }.count
      store.set("users/\(person.uid)", profile(person, following: following), at: created)
      store.set("usernames/\(person.username)", ["uid": DemoValue.string(person.uid)], at: created)
    }
    for (follower, followed, hours) in follows { follow(follower, followed, at: hoursAgo(hours), into: &store) }
    // The block stands; Rex's earlier follow went with it, his share and message stay in the database.
    store.set(
      "blocks/\(me.uid)_\(rex.uid)",
      [
        "blockerId": DemoValue.string(me.uid), "blockedId": DemoValue.string(rex.uid),
        "createdAt": DemoValue.timestamp(hoursAgo(30)),
      ], at: hoursAgo(30))
    share(
      "demoShareRex01", from: rex, to: me, song: "Oblivion", message: "follow 4 follow??", at: hoursAgo(31),
      into: &store)
    share(
      "demoShareRex02", from: rex, to: nil, song: "Genesis", message: "CHECK MY PROFILE", at: hoursAgo(3), into: &store)
    // What friends shared before.
    share(
      "demoShareMika01", from: mika, to: nil, song: "Nightcall", message: "Still the best night-drive opener.",
      at: hoursAgo(50), into: &store)
    share("demoShareTheo01", from: theo, to: nil, song: "Innerbloom", message: nil, at: hoursAgo(20), into: &store)
    share(
      "demoShareJonas01", from: jonas, to: nil, song: "Holocene", message: "Snow outside, this on repeat.",
      at: hoursAgo(5), into: &store)
    // A conversation with Aisha: her song, your reply, her text.
    share(
      "demoShareAisha01", from: aisha, to: me, song: "Teardrop",
      message: "You said you never heard Mezzanine. Start here.", at: hoursAgo(26), into: &store)
    share(
      "demoShareMe01", from: me, to: aisha, song: "Glory Box", message: "Then you need this one back.",
      at: hoursAgo(25), into: &store)
    let aishaThread = thread(aisha.uid, me.uid).id
    store.set(
      "threads/\(aishaThread)/messages/demoTextAisha01",
      [
        "senderId": DemoValue.string(aisha.uid), "text": DemoValue.string("Perfect. Portishead live in '98 is next 😄"),
        "createdAt": DemoValue.timestamp(hoursAgo(24)),
      ], at: hoursAgo(24))
    store.set(
      "threads/\(aishaThread)",
      [
        "participants": DemoValue.array(thread(aisha.uid, me.uid).participants.map(DemoValue.string)),
        "lastMessageAt": DemoValue.timestamp(hoursAgo(24)),
      ], at: hoursAgo(24))
    return store
  }

  // MARK: During the demo

  /// What a friend does at a moment of the demo timeline.
  enum Action: Sendable, Equatable {
    case shareToAll(Person.ID, song: String, message: String)
    case send(Person.ID, song: String, message: String)
    case follow(Person.ID)
  }

  /// Seconds after the demo started (the demo timeline) and what happens then. Placed for the tour in
  /// Docs/demo-script.txt: its Inbox first shows Aisha's conversation alone (at about 95 s), and its refresh (at about
  /// 104 s) brings Jonas's song; the Feed's refresh after that shows Mika's share and Lena's follow.
  static let timeline: [(at: Double, action: Action)] = [
    (99, .send(jonas.uid, song: "Space Song", message: "For your night-drive playlist 🌙")),
    (100, .shareToAll(mika.uid, song: "Digital Love", message: "Friday mood, all day.")),
    (101, .follow(lena.uid)),
  ]

  static func person(_ uid: String) -> Person { everyone.first { $0.uid == uid } ?? me }

  /// Writes `action`, done at `time` (the timeline's moment, so every run stores the same times).
  static func apply(_ action: Action, number: Int, at time: String, into store: inout DemoFirestore) {
    switch action {
    case .shareToAll(let uid, let song, let message):
      share("demoLiveShare\(number)", from: person(uid), to: nil, song: song, message: message, at: time, into: &store)
    case .send(let uid, let song, let message):
      share("demoLiveShare\(number)", from: person(uid), to: me, song: song, message: message, at: time, into: &store)
    case .follow(let uid):
      let follower = person(uid)
      follow(follower, me, at: time, into: &store)
      let path = "users/\(follower.uid)"
      if var fields = store.get(path)?.fields {
        fields["followingCount"] = DemoValue.integer(Int(DemoValue.number(fields["followingCount"]) ?? 0) + 1)
        store.set(path, fields, at: time)
      }
    }
  }
}

extension DemoFriends.Person: Identifiable {
  var id: String { uid }
}

/// Timestamps as Firestore's REST API writes them.
enum DemoTime {
  /// `2030-03-01T10:00:00.000000Z` (UTC, six fraction digits).
  static func rfc3339(micros: Int64) -> String {
    let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
    let fraction = Int(micros - seconds * 1_000_000)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, fraction)
  }
}
