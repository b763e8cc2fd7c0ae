import Foundation

/// The profile photo's limits as the edit form states them (the edge checks the file against
/// `FirebaseStorageClient.checkPhoto`, the same limit).
public enum ProfilePhoto {
  public static let maxBytes = 5 * 1024 * 1024
  public static let maxPathLength = 1024
}

/// Why a photo was not uploaded. The first four are found before any request (nothing was sent then).
public enum PhotoProblem: Error, Sendable, Hashable {
  /// No file at the path (after `~` was expanded); `path` as typed.
  case notFound(path: String)
  /// A directory, or a file that could not be read.
  case unreadable(path: String)
  /// 5 MB or more.
  case tooLarge(bytes: Int)
  /// Not a JPEG, PNG, GIF or WebP by its content.
  case notImage
  /// The upload or the profile write failed.
  case failed(PeopleFailure)
}

extension PeopleFeature {
  var removePhotoBindings: [KeyBinding<PeopleCommand>] {
    [
      KeyBinding([.character("y"), .character("Y")], "y", .key(PeopleL10n.peopleHelpYes), .confirmRemovePhoto),
      KeyBinding([.character("n"), .character("N")], "n", .common(.helpKeep), .keepPhoto),
    ]
  }

  /// The photo's answer: uploaded (its URL kept, the path cleared, then the text fields are saved if they
  /// changed), or why not (the form stays, the reason under the field).
  mutating func photoUploaded(
    _ requestID: Int, _ result: Result<String, PhotoProblem>, _ context: inout AppContext
  ) -> [AppEffect] {
    guard var form = profileForm, form.phase == .saving(requestID: requestID) else { return [] }
    form.phase = .editing
    switch result {
    case .failure(let problem):
      photoProblem = problem
      form.moveFocus(to: .photo)
      profileForm = form
      return []
    case .success(let url):
      photoProblem = nil
      lists?.photoURL = url
      form.setInput(.photo, TextInput("", maxLength: ProfilePhoto.maxPathLength))
      if form.field(.removePhoto) == nil { form.fields.append(.button(.removePhoto)) }
      profileForm = form
      context.notice = .localized(LocalizedText(PeopleAccountsL10n.peoplePhotoSaved), isWarning: false)
      return saveProfile(&context)
    }
  }

  /// Enter on "Remove photo": asked first; `y` removes it.
  mutating func performPhoto(_ command: PeopleCommand, _ context: inout AppContext) -> [AppEffect] {
    guard var form = profileForm, !form.phase.isBusy else { return [] }
    switch command {
    case .askRemovePhoto:
      guard form.field(.removePhoto) != nil else { return [] }
      form.phase = .confirmingRemoval
    case .keepPhoto:
      form.phase = .editing
    case .confirmRemovePhoto:
      guard form.phase == .confirmingRemoval else { return [] }
      let requestID = context.makeRequestID()
      form.phase = .removing
      photoRemoval = requestID
      profileForm = form
      return [Self.run(.removePhoto(requestID: requestID))]
    default:
      return []
    }
    profileForm = form
    return []
  }

  mutating func photoRemoved(_ requestID: Int, _ failure: PeopleFailure?, _ context: inout AppContext) {
    guard photoRemoval == requestID, var form = profileForm else { return }
    photoRemoval = nil
    if let failure {
      form.phase = .removalFailed
      profileForm = form
      context.notice = .localized(
        LocalizedText(PeopleAccountsL10n.peoplePhotoFailed) { t in ["reason": t[failure.reason]] }, isWarning: true)
      return
    }
    lists?.photoURL = nil
    form.fields.removeAll { $0.id == .removePhoto }
    form.phase = .editing
    form.moveFocus(to: .photo)
    profileForm = form
    context.notice = .localized(LocalizedText(PeopleAccountsL10n.peoplePhotoRemoved), isWarning: false)
  }
}
