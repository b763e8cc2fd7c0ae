import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// The photo at `path` (`~` expanded with the app's HOME), checked before any request: a file, readable, under
  /// 5 MB (by its size, before it is read), an image by its content. Then uploaded and its URL stored on your
  /// profile (`SocialRepository.setPhoto`, masked); the cached account line takes it.
  func uploadPhoto(path: String) async -> Result<String, PhotoProblem> {
    let data: Data
    switch readPhoto(path) {
    case .failure(let problem):
      log.info("people: photo refused before upload (\(problem.kind))")
      return .failure(problem)
    case .success(let bytes): data = bytes
    }
    let result = await people { repository throws(SocialError) in try await repository.setPhoto(data) }
    switch result {
    case .failure(let failure): return .failure(.failed(failure))
    case .success(let url):
      log.info("people: photo uploaded")
      await updateCachedPhoto(url)
      return .success(url)
    }
  }

  func readPhoto(_ typed: String) -> Result<Data, PhotoProblem> {
    let path = Self.expandingHome(typed, home: dependencies.environment["HOME"])
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(.notFound(path: typed))
    }
    guard !isDirectory.boolValue, let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      return .failure(.unreadable(path: typed))
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size < ProfilePhoto.maxBytes else { return .failure(.tooLarge(bytes: size)) }
    guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable(path: typed)) }
    do {
      _ = try FirebaseStorageClient.checkPhoto(data)
    } catch .photoTooLarge(let bytes) {
      return .failure(.tooLarge(bytes: bytes))
    } catch {
      return .failure(.notImage)
    }
    return .success(data)
  }

  /// `~` and `~/…` with `home`; anything else as typed.
  static func expandingHome(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty else { return path }
    if path == "~" { return home }
    if path.hasPrefix("~/") { return home + String(path.dropFirst(1)) }
    return path
  }

  func removePhoto() async -> PeopleFailure? {
    let result = await people { repository throws(SocialError) in try await repository.removePhoto() }
    if case .failure(let failure) = result { return failure }
    log.info("people: photo removed")
    await updateCachedPhoto(nil)
    return nil
  }

  func updateCachedPhoto(_ url: String?) async {
    guard case .success(let owner) = await peopleOwner() else { return }
    let database = dependencies.database
    guard let entry = try? database.peopleCache(owner: owner, key: Self.peopleListsKey),
      var lists = try? JSONDecoder().decode(PeopleLists.self, from: entry.payload)
    else { return }
    lists.photoURL = url
    if let payload = try? JSONEncoder().encode(lists) {
      try? database.savePeopleCache(owner: owner, key: Self.peopleListsKey, payload: payload, at: entry.fetchedAt)
    }
  }
}

extension PhotoProblem {
  /// The problem's kind for a log line (never the path: it may name the user).
  var kind: String {
    switch self {
    case .notFound: return "no file"
    case .unreadable: return "unreadable"
    case .tooLarge: return "too large"
    case .notImage: return "not an image"
    case .failed(let failure): return "\(failure)"
    }
  }
}
