import Foundation
import PropertyBased
import Testing
import VibesApp
import VibesCore
import VibesStorage

/// The issue's six properties, each over at least 100 generated cases.
@Suite struct TrackerPropertyTests {
  static let cases = 150

  static let whitespaces = [
    " ", "\t", "\n", "\r\n", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{2028}", "\u{0B}",
  ]
  /// Any mix of whitespace, including the empty string.
  static let blank = Gen.int(in: 0...(whitespaces.count - 1)).array(of: 0...8).map { indexes in
    indexes.map { whitespaces[$0] }.joined()
  }
  /// Printable text with at least one non-whitespace character, optionally padded with whitespace.
  static let nonBlank = Gen.character(in: "!"..."~").string(of: 1...24).map { $0 }
  static let padded = Gen.int(in: 0...(whitespaces.count - 1)).array(of: 0...3)
  static func pad(_ core: String, _ left: [Int], _ right: [Int]) -> String {
    left.map { whitespaces[$0] }.joined() + core + right.map { whitespaces[$0] }.joined()
  }
  static let text = Gen.character(in: " "..."~").string(of: 0...24)
  static let environment = Gen.bool.map { $0 ? TrackerEnvironment.qc : .production }
  static let configuration = Gen.character(in: "!"..."~").string(of: 1...40).map { $0 }

  @Test func configurationRoundTripsThroughTheSecretStoreAndSQLite() async throws {
    let sandbox = try TrackerSandbox()
    defer { sandbox.remove() }
    let writer = try sandbox.store()
    await propertyCheck(
      count: Self.cases, input: Self.nonBlank, Self.nonBlank, Self.text, Self.environment
    ) {
      key, brand, user, environment in
      let saved = TrackerConfiguration(
        apiKey: key, brandID: brand, userID: user, environment: environment)
      do {
        try writer.save(saved, at: Date())
        let loaded = try sandbox.store().load()
        #expect(loaded == saved)
        #expect(try writer.database.trackerSettings()?.brandID == brand)
      } catch {
        Issue.record("round trip failed: \(error)")
      }
    }
    // The key is in the vault only, never in the SQLite file.
    let sqlite = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
    let lastKey = try writer.secrets.read(.trackerAPIKey) ?? ""
    #expect(!lastKey.isEmpty)
    #expect(sqlite.range(of: Data(lastKey.utf8)) == nil || lastKey.count < 6)
  }

  @Test func qcMapsToTheQCURLUnlessOverridden() async {
    await propertyCheck(count: Self.cases, input: Self.text, Gen.bool, Gen.bool) {
      noise, overridden, slash in
      var environment = ["VIBES_TRACKER_PRODUCTION_URL": "http://127.0.0.1:1/p", "OTHER": noise]
      let override =
        "http://127.0.0.1:4242/q"
        + String(noise.unicodeScalars.filter(CharacterSet.alphanumerics.contains))
      if overridden { environment["VIBES_TRACKER_QC_URL"] = override + (slash ? "/" : "") }
      let expected = overridden ? override : "https://tracking.api.qc.founder-os.ai/api"
      #expect(TrackerEnvironment.qc.apiURL(overrides: environment) == expected)
      #expect(TrackerDependencies(urlOverrides: environment).apiURL(.qc) == expected)
      #expect(
        TrackerDependencies(urlOverrides: environment).client(.qc)?.apiURL.absoluteString
          == expected)
    }
  }

  @Test func productionMapsToTheProductionURLUnlessOverridden() async {
    await propertyCheck(count: Self.cases, input: Self.text, Gen.bool, Gen.bool) {
      noise, overridden, slash in
      var environment = ["VIBES_TRACKER_QC_URL": "http://127.0.0.1:1/q", "OTHER": noise]
      let override =
        "http://127.0.0.1:4343/p"
        + String(noise.unicodeScalars.filter(CharacterSet.alphanumerics.contains))
      if overridden { environment["VIBES_TRACKER_PRODUCTION_URL"] = override + (slash ? "/" : "") }
      let expected = overridden ? override : "https://tracking.api.founder-os.ai/api"
      #expect(TrackerEnvironment.production.apiURL(overrides: environment) == expected)
      #expect(TrackerDependencies(urlOverrides: environment).apiURL(.production) == expected)
      #expect(
        TrackerDependencies(urlOverrides: environment).client(.production)?.apiURL.absoluteString
          == expected)
    }
  }

  @Test func validationRejectsABlankAPIKeyOrBrandID() async {
    await propertyCheck(
      count: Self.cases, input: Self.blank, Self.blank, Self.nonBlank, Gen.int(in: 0...2)
    ) {
      blankA, blankB, other, which in
      // which: 0 = key blank, 1 = brand blank, 2 = both blank.
      let key = which == 1 ? other : blankA
      let brand = which == 0 ? other : blankB
      let errors = TrackerValidation.errors(apiKey: key, brandID: brand)
      #expect((errors[.apiKey] != nil) == (which != 1))
      #expect((errors[.brandID] != nil) == (which != 0))
      var form = TrackerForm()
      form.apiKey = TextInput(key)
      form.brandID = TextInput(brand)
      #expect(!form.canInitialize)
      #expect(form.makeConfiguration() == nil)
      // Through the reducer: Ctrl-S asks for nothing.
      var state = AppState()
      _ = AppReducer.reduce(&state, .tracker(.configurationLoaded(nil, apiURLs: [:])))
      state.selectedTab = .tracker
      state.tracker.setupForm = form
      #expect(AppReducer.reduce(&state, .input(.key(.ctrl("s")))).isEmpty)
    }
  }

  @Test func validationAcceptsAnyNonBlankPair() async {
    await propertyCheck(
      count: Self.cases, input: Self.nonBlank, Self.nonBlank, Self.padded, Self.padded
    ) {
      key, brand, left, right in
      let paddedKey = Self.pad(key, left, right)
      let paddedBrand = Self.pad(brand, right, left)
      #expect(TrackerValidation.errors(apiKey: paddedKey, brandID: paddedBrand).isEmpty)
      var form = TrackerForm()
      form.apiKey = TextInput(paddedKey)
      form.brandID = TextInput(paddedBrand)
      #expect(form.canInitialize)
      let configuration = form.makeConfiguration()
      #expect(configuration?.apiKey == key)
      #expect(configuration?.brandID == brand)
    }
  }

  @Test func aModifiedAndSavedConfigurationLoadsBackAsTheModifiedOne() async throws {
    let sandbox = try TrackerSandbox()
    defer { sandbox.remove() }
    let store = try sandbox.store()
    await propertyCheck(
      count: Self.cases, input: Self.nonBlank, Self.nonBlank, Self.nonBlank, Self.text,
      Self.environment, Gen.int(in: 0...3)
    ) { key, brand, newValue, user, environment, field in
      // What a form can produce: values without surrounding whitespace.
      let trimmedUser = user.trimmingCharacters(in: .whitespacesAndNewlines)
      let original = TrackerConfiguration(
        apiKey: key, brandID: brand, userID: trimmedUser, environment: environment)
      do {
        try store.save(original, at: Date())
        // Edit through the Settings form, as the user does.
        let loaded = try store.load()
        #expect(loaded == original)
        var form = TrackerForm(loaded)
        var expected = original
        switch field {
        case 0:
          form.apiKey = TextInput(newValue)
          expected.apiKey = newValue
        case 1:
          form.brandID = TextInput(newValue)
          expected.brandID = newValue
        case 2:
          form.userID = TextInput(newValue)
          expected.userID = newValue
        default:
          form.toggleEnvironment(by: 1)
          expected.environment = environment == .qc ? .production : .qc
        }
        guard let modified = form.makeConfiguration() else {
          Issue.record("the edited form did not validate")
          return
        }
        #expect(modified == expected)
        try store.save(modified, at: Date())
        #expect(try sandbox.store().load() == expected)
      } catch {
        Issue.record("modify and save failed: \(error)")
      }
    }
  }
}
