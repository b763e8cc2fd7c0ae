import Foundation
import VibesCore
import VibesServices

extension ShareRepository {
  /// The writes of a text message in the conversation of `sender` and `recipient`, in one commit: the thread created
  /// or updated (`participants`, `lastMessageAt` by the server) and the message `threads/{t}/messages/{id}` created
  /// with `exists=false`, so a retry after a lost answer is a 409, never a second message.
  public static func textWrites(_ text: String, id: String, from sender: String, to recipient: String)
    -> [FirestoreWrite]
  {
    let thread = ThreadID.between(sender, recipient)
    return [
      .update(
        path: "threads/\(thread)",
        fields: ["participants": .array(ThreadID.participants(sender, recipient).map(FirestoreValue.string))],
        mask: ["participants"], precondition: nil, transforms: [.serverTime(field: "lastMessageAt")]),
      .update(
        path: "threads/\(thread)/messages/\(id)", fields: ["senderId": .string(sender), "text": .string(text)],
        mask: nil, precondition: .exists(false), transforms: [.serverTime(field: "createdAt")]),
    ]
  }

  /// Sends a short text message to `recipient` in your conversation with them. `id` is chosen before the first
  /// attempt and kept for every retry. Checked before anything is sent: not empty, at most
  /// `InboxReplyRule.maxLength` characters as the user sees them, not to yourself, no block either way.
  @discardableResult
  public func sendText(_ raw: String, to recipient: String, id: String) async throws(SocialError) -> ShareOutcome {
    let uid = try await social.me()
    guard FirestorePath.isValidID(id), FirestorePath.isValidID(recipient) else { throw .firebase(.permissionDenied) }
    guard recipient != uid else { throw .cannotFollowYourself }
    guard let text = ShareMessageRule.normalize(raw) else { throw .messageTooLong(0) }
    guard ShareMessageRule.count(text) <= InboxReplyRule.maxLength else {
      throw .messageTooLong(ShareMessageRule.count(text))
    }
    let (blocked, blockedMe) = try await social.blockSets()
    if blocked.contains(recipient) || blockedMe.contains(recipient) { throw .blocked }
    return try await commitOnce(Self.textWrites(text, id: id, from: uid, to: recipient))
  }
}
