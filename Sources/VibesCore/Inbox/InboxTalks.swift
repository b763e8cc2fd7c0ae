import Foundation

/// "How often you talk" with each person (FR-2.5's Send-to-one order, FR-4.2's interaction weight in the Feed's
/// ranking), from what this computer already has, with no extra reads: the messages of your cached conversation
/// threads in both directions (songs and texts, yours and theirs), and the songs they sent you that the Feed has
/// cached (a thread never opened here has no cached messages yet). A song sent to you is a message of its thread
/// with the share's id (`ShareRepository.writes`), so one in both places counts once. A share to all is not a
/// conversation and does not count.
public enum InboxTalks {
  /// `conversations`: the other person's id → the cached messages of your thread with them.
  /// `received`: song shares the Feed knows (only those sent to you count, by sender).
  public static func counts(conversations: [String: [InboxMessage]], received: [SongShare]) -> [String: Int] {
    var ids: [String: Set<String>] = [:]
    for (person, messages) in conversations {
      for message in messages { ids[person, default: []].insert(message.id) }
    }
    for share in received where share.isDirect {
      ids[share.senderId, default: []].insert(share.id)
    }
    return ids.mapValues(\.count).filter { $0.value > 0 }
  }
}
