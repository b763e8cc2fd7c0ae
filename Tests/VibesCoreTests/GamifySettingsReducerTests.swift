import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Exhaustive: Profile's "Taste summary" row switches your agreement (off at first), a Blend saved but not made
/// collaborative says so, and today's Gemini count reaches the shared context the hint is drawn from.
final class GamifySettingsReducerTests: XCTestCase {
  static let info = ProfileInfo(
    connections: [], version: "1", dataPath: "/d", configPath: "/c", logPath: "/l", account: .signedIn(username: "me"))

  func testTheTasteRowSwitchesTheAgreementAndSaysWhatHappened() {
    var driver = Driver()
    var info = Self.info
    info.sharesTaste = false
    driver.arrange { driver in
      driver.press(.tabKey(.profile))
      driver.send(.profile(.infoLoaded(info)))
      for _ in ConnectedService.allCases { driver.press(.down) }
    }
    XCTAssertEqual(
      driver.state.profile.selectedSettingsRow(statsRows: 0), .shareTaste, "the row after the connections")
    driver.press(.enter, expecting: [ProfileState.run(.setTasteSharing(true))]) { state in
      state.profile.info?.sharesTaste = true
    }
    driver.send(.profile(.tasteSharingSet(shares: true, failed: false)), expecting: []) { state in
      state.notice = .localized(LocalizedText(ProfileL10n.profileTasteSharedNotice), isWarning: false)
    }
    driver.press(.enter, expecting: [ProfileState.run(.setTasteSharing(false))]) { state in
      state.profile.info?.sharesTaste = false
      state.notice = nil
    }
    driver.send(.profile(.tasteSharingSet(shares: false, failed: true)), expecting: []) { state in
      state.notice = .localized(LocalizedText(ProfileL10n.profileTasteRemoveFailed), isWarning: true)
    }
  }

  func testSignedOutThereIsNoTasteRow() {
    var info = Self.info
    info.account = .signedOut
    var profile = ProfileState()
    profile.info = info
    XCTAssertFalse(profile.settingsRows.contains(.shareTaste))
    profile.info?.sharesTaste = true
    XCTAssertTrue(profile.settingsRows.contains(.shareTaste))
  }

  func testARefusedCollaborationIsKeptWithTheSaveAndTheGeminiCountReachesTheContext() {
    var driver = Driver()
    let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
    let result = GamifyReducerTests.result()
    let save = 50
    driver.arrange { driver in
      driver.send(.gamify(.openBlend(ada)))
      driver.send(.gamify(.blendMixed(requestID: driver.state.gamify.blend?.mixing ?? 0, .success(result))))
      driver.state.gamify.blend?.saving = save
    }
    driver.send(.gamify(.blendCollaborativeRefused(requestID: save + 1)), expecting: [])  // an old save: nothing
    driver.send(.gamify(.blendCollaborativeRefused(requestID: save)), expecting: []) { state in
      state.gamify.blend?.collaborativeRefused = true
    }
    let url = "https://open.spotify.com/playlist/PL1"
    driver.send(.gamify(.blendSaved(requestID: save, .success(url))), expecting: []) { state in
      state.gamify.blend?.saving = nil
      state.gamify.blend?.savedURL = url
      state.notice = .localized(LocalizedText(GamifyL10n.blendSavedNotice), isWarning: false)
    }
    let usage = GeminiUsage(requests: 17, exhausted: false, model: "gemini-flash-latest")
    driver.send(.gamify(.geminiUsageRead(usage)), expecting: []) { $0.context.geminiUsage = usage }
    driver.send(.gamify(.geminiUsageRead(nil)), expecting: []) { $0.context.geminiUsage = nil }
  }
}
