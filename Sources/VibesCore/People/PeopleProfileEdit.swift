import Foundation

/// The fields of "Edit your profile".
public enum ProfileField: Sendable, Hashable {
  case name, bio
  /// A file path to upload as your photo (empty: the photo stays as it is).
  case photo
  /// The "Remove photo" button, there while you have one.
  case removePhoto
}

/// "Edit your profile" on the one form engine: display name and bio. Only the fields you changed are sent, with an
/// update mask naming exactly them (`SocialRepository.edit`), so nothing else on the profile is wiped.
public typealias ProfileForm = Form<ProfileField, PeopleFailure>

extension PeopleFeature {
  /// The form holding `me`'s name and bio, an empty photo path, and "Remove photo" when `hasPhoto`.
  public static func profileForm(_ me: PersonSummary?, hasPhoto: Bool = false) -> ProfileForm {
    var fields = [Field<ProfileField>(.name, .text), Field(.bio, .multiline), Field(.photo, .text)]
    if hasPhoto { fields.append(.button(.removePhoto)) }
    var form = ProfileForm(fields)
    form.setInput(.photo, TextInput("", maxLength: ProfilePhoto.maxPathLength))
    form.setInput(.name, TextInput(me?.displayName ?? "", maxLength: SocialTextLimits.displayName))
    form.setInput(.bio, TextInput(me?.bio ?? "", maxLength: SocialTextLimits.bio))
    return form
  }

  /// `e`: the form, holding your name and bio as last loaded.
  mutating func openProfileForm() -> [AppEffect] {
    guard let lists, profileForm == nil else { return [] }
    profileForm = Self.profileForm(lists.me, hasPhoto: lists.photoURL != nil)
    photoProblem = nil
    return []
  }

  func profileBindings(_ form: ProfileForm) -> [KeyBinding<PeopleCommand>] {
    guard !form.phase.isBusy else { return [] }
    if form.phase == .confirmingRemoval { return removePhotoBindings }
    let save: PeopleL10n = {
      if case .failed = form.phase { return .peopleHelpRetry } else { return .peopleHelpSave }
    }()
    return [
      KeyBinding([.tab, .down], "Tab", .key(PeopleL10n.peopleHelpNextField), .nextField),
      KeyBinding([.up], "↑", .key(PeopleL10n.peopleHelpPreviousField), footer: false, .previousField),
      form.focus == .removePhoto
        ? KeyBinding(
          [.enter, .character(" ")], "Enter", .key(PeopleAccountsL10n.peopleHelpRemovePhoto), .askRemovePhoto)
        : KeyBinding([.enter], "Enter", .key(save), .saveProfile),
    ]
  }

  /// Enter: sends what changed (nothing changed: the form just closes).
  mutating func saveProfile(_ context: inout AppContext) -> [AppEffect] {
    guard var form = profileForm, !form.phase.isBusy else { return [] }
    let photo = form.trimmed(.photo)
    if !photo.isEmpty {
      // The photo first (checked before any request); the text fields follow once it is uploaded.
      let requestID = context.makeRequestID()
      form.phase = .saving(requestID: requestID)
      profileForm = form
      photoProblem = nil
      return [Self.run(.uploadPhoto(requestID: requestID, path: photo))]
    }
    let me = lists?.me
    let name = form.trimmed(.name)
    let bio = form.text(.bio).trimmingCharacters(in: .whitespacesAndNewlines)
    let changedName = name == (me?.displayName ?? "") ? nil : name
    let changedBio = bio == (me?.bio ?? "") ? nil : bio
    guard changedName != nil || changedBio != nil else {
      profileForm = nil
      return []
    }
    let requestID = context.makeRequestID()
    form.phase = .saving(requestID: requestID)
    profileForm = form
    return [Self.run(.saveProfile(requestID: requestID, displayName: changedName, bio: changedBio))]
  }

  mutating func profileSaved(
    _ requestID: Int, _ displayName: String?, _ bio: String?, _ failure: PeopleFailure?, _ context: inout AppContext
  ) {
    guard var form = profileForm, form.phase == .saving(requestID: requestID) else { return }
    if let failure {
      form.phase = .failed(failure)
      profileForm = form
      return
    }
    profileForm = nil
    if var lists {
      var me = lists.me ?? PersonSummary(uid: "", displayName: "", username: lists.username)
      if let displayName { me.displayName = displayName }
      if let bio { me.bio = bio }
      lists.me = me
      self.lists = lists
    }
    context.notice = .localized(LocalizedText(PeopleL10n.peopleProfileSaved), isWarning: false)
  }
}
