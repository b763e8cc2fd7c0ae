import Foundation
import VibesCore
import VibesServices

extension SocialRepository {
  /// Publishes your public taste summary (`users/{uid}.taste`, Docs/social.md) so friends can Blend with you.
  public func publishTasteSummary(_ summary: TasteSummary) async throws(SocialError) {
    let uid = try await me()
    func entries(_ list: [TasteSummary.Entry]) -> FirestoreValue {
      .array(list.map { .map(["name": .string($0.name), "weight": .double($0.weight)]) })
    }
    // `tasteKeys` (folded artist names) lets People find similar taste with one array-contains-any query.
    let fields: [String: FirestoreValue] = [
      "taste": .map(["artists": entries(summary.artists), "genres": entries(summary.genres)]),
      "tasteKeys": .array(PeopleSuggestionRanking.tasteKeys(summary).map(FirestoreValue.string)),
    ]
    let firestore = self.firestore
    _ = try await run { token throws(FirebaseError) in
      try await firestore.patch(
        "users/\(uid)", fields: fields, mask: ["taste", "tasteKeys"], exists: true, idToken: token)
    }
  }

  /// Deletes your published taste summary (the `taste` and `tasteKeys` fields of `users/{uid}`: without the keys
  /// People's taste suggestions cannot find you either; the owner may, the rules check only their shape when
  /// present). Deleting one that is not there succeeds.
  public func deleteTasteSummary() async throws(SocialError) {
    let uid = try await me()
    let firestore = self.firestore
    _ = try await run { token throws(FirebaseError) in
      try await firestore.patch(
        "users/\(uid)", fields: [:], mask: ["taste", "tasteKeys"], exists: true, idToken: token)
    }
  }

  /// Someone's public taste summary; nil when they have not shared one (Blend then says so). Names are cleaned,
  /// entries capped and junk weights dropped by `TasteSummary.init`.
  public func tasteSummary(of uid: String) async throws(SocialError) -> TasteSummary? {
    guard FirestorePath.isValidID(uid), let document = try await profileDocument(uid) else { return nil }
    return Self.tasteSummary(document.fields)
  }

  /// `profile(uid:)` and `tasteSummary(of:)` from one read of the profile document (a friend's profile keeps the
  /// summary for a Blend with them); nil when there is no such profile.
  func profileAndTaste(uid: String) async throws(SocialError) -> (profile: SocialProfile, taste: TasteSummary?)? {
    guard FirestorePath.isValidID(uid), let document = try await profileDocument(uid) else { return nil }
    return (Self.profile(document), Self.tasteSummary(document.fields))
  }

  /// The public taste summary in a profile document's fields; nil when there is none (or only junk).
  static func tasteSummary(_ fields: [String: FirestoreValue]) -> TasteSummary? {
    guard case .map(let taste)? = fields["taste"] else { return nil }
    func entries(_ value: FirestoreValue?) -> [TasteSummary.Entry] {
      (value?.arrayValue ?? []).prefix(100).compactMap { item in
        guard case .map(let fields) = item, let name = fields["name"]?.stringValue else { return nil }
        let weight: Double? =
          switch fields["weight"] {
          case .double(let value)?: value
          case .integer(let value)?: Double(value)
          default: nil
          }
        return weight.map { TasteSummary.Entry(name: name, weight: $0) }
      }
    }
    let summary = TasteSummary(artists: entries(taste["artists"]), genres: entries(taste["genres"]))
    return summary.artists.isEmpty && summary.genres.isEmpty ? nil : summary
  }

  /// Unlocks what `facts` newly earn (FR-9.1) and stores them: `achievements` only grows, `achievementDates` keeps
  /// each first date. Written with the read's `updateTime` as precondition, re-read on a conflict. Returns the new
  /// ones, to announce.
  @discardableResult
  public func unlockAchievements(_ facts: AchievementFacts, now: Date = Date()) async throws(SocialError)
    -> [Achievement]
  {
    let uid = try await me()
    let firestore = self.firestore
    for _ in 0..<Self.streakWriteAttempts {
      guard let document = try await profileDocument(uid), let version = document.updateTime else {
        throw .noProfile
      }
      let storedIDs = (document.fields["achievements"]?.arrayValue ?? []).compactMap(\.stringValue)
      var dates: [String: Double] = [:]
      if case .map(let map)? = document.fields["achievementDates"] {
        for (id, value) in map { if case .double(let seconds) = value { dates[id] = seconds } }
      }
      var book = AchievementBook(storedIDs: storedIDs, dates: dates)
      let new = book.apply(facts, now: now)
      guard !new.isEmpty else { return [] }
      // Ids this version does not know stay in the list (the rules let it only grow).
      let ids = storedIDs + new.map(\.rawValue).filter { !storedIDs.contains($0) }
      var allDates = dates
      for (id, seconds) in book.storedDates where allDates[id] == nil { allDates[id] = seconds }
      let fields: [String: FirestoreValue] = [
        "achievements": .array(ids.map(FirestoreValue.string)),
        "achievementDates": .map(allDates.mapValues(FirestoreValue.double)),
      ]
      let write = FirestoreWrite.update(
        path: "users/\(uid)", fields: fields, mask: ["achievementDates", "achievements"],
        precondition: .updateTime(version))
      do {
        try await run { token throws(FirebaseError) in try await firestore.commit([write], idToken: token) }
        return new
      } catch .firebase(.failedPrecondition) {
        continue
      }
    }
    throw .firebase(.failedPrecondition)
  }
}

extension SocialRepository {
  /// Where For You's memory (dismissed and shown songs) is kept, private to the owner (the rules' `users/{uid}/**`).
  public static func forYouMemoryPath(uid: String) -> String { "users/\(uid)/private/forYou" }
  /// Larger memories are not stored (Firestore's document limit is 1 MiB; `ForYouMemory` bounds what it keeps).
  public static let maxForYouMemoryBytes = 512 * 1024

  /// Stores For You's memory so another device shows neither a dismissed nor an already-shown song again.
  public func saveForYouMemory(_ memory: ForYouMemory) async throws(SocialError) {
    let uid = try await me()
    guard let data = try? JSONEncoder().encode(memory), data.count <= Self.maxForYouMemoryBytes else { return }
    let fields: [String: FirestoreValue] = ["memory": .string(String(decoding: data, as: UTF8.self))]
    let path = Self.forYouMemoryPath(uid: uid)
    let firestore = self.firestore
    _ = try await run { token throws(FirebaseError) in
      try await firestore.patch(path, fields: fields, mask: ["memory"], exists: nil, idToken: token)
    }
  }

  /// The stored memory; an empty one when none is stored or it is unreadable.
  public func forYouMemory() async throws(SocialError) -> ForYouMemory {
    let uid = try await me()
    let path = Self.forYouMemoryPath(uid: uid)
    let firestore = self.firestore
    let document = try await run { token throws(FirebaseError) in try await firestore.get(path, idToken: token) }
    guard let text = document?.fields["memory"]?.stringValue,
      let memory = try? JSONDecoder().decode(ForYouMemory.self, from: Data(text.utf8))
    else { return ForYouMemory() }
    return memory
  }
}
