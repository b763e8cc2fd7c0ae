import Foundation
import VibesServices

extension SocialRepository {
  /// Runs `queries` together — one round trip for all instead of one each — and gives their documents in the
  /// queries' order, never in the order the answers came. The first failure to come cancels the others and is
  /// thrown. Every query is in flight at once: a find's four, the blocks, a following list's `IN` batches (ten for
  /// 300 people); the social poll, whose queries grow with its answers, bounds its own.
  func runQueries(_ queries: [FirestoreQuery]) async throws(SocialError) -> [[FirestoreDocument]] {
    let firestore = self.firestore
    let (answers, failure): ([Int: [FirestoreDocument]], SocialError?) = await withTaskGroup(
      of: (Int, Result<[FirestoreDocument], SocialError>).self
    ) { group in
      for (index, query) in queries.enumerated() {
        group.addTask {
          do throws(SocialError) {
            let documents = try await self.run { token throws(FirebaseError) in
              try await firestore.runQuery(query, idToken: token)
            }
            return (index, .success(documents))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var answers: [Int: [FirestoreDocument]] = [:]
      while let (index, result) = await group.next() {
        switch result {
        case .success(let documents): answers[index] = documents
        case .failure(let error):
          group.cancelAll()
          return (answers, error)
        }
      }
      return (answers, nil)
    }
    if let failure { throw failure }
    return queries.indices.map { answers[$0] ?? [] }
  }

  /// Whom the answers of `blockQueries` name: the users you blocked, the users who blocked you.
  static func blockSets(mine: [FirestoreDocument], theirs: [FirestoreDocument]) -> (
    blocked: Set<String>, blockedMe: Set<String>
  ) {
    (
      Set(mine.compactMap { $0.fields["blockedId"]?.stringValue }),
      Set(theirs.compactMap { $0.fields["blockerId"]?.stringValue })
    )
  }
}
