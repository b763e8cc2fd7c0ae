import Foundation
import XCTest

/// Keeps `make bench` from rotting: the quick run of bench/run.py (the built vibes and the C floor on a pty behind
/// pyte, one run, a few keys) must produce a report with every scenario. Nothing here looks at a time: the bench is
/// not a test, and CI machines are too noisy for timing assertions.
final class BenchSmokeTests: XCTestCase {
  static let scenarios = [
    "start_0", "start_1k", "start_100k", "checklist_down", "push_pop", "form_typing", "scroll_1k",
    "scroll_100k",
  ]
  /// vibes only, against the bench's loopback Spotify fake (bench/spotify_fake.py).
  static let spotifyScenarios = ["search_typing": "search_requests", "detail_back": "album_requests"]
  /// vibes-only scenarios with their own fakes (no anchor has the feature).
  static let vibesOnlyScenarios = ["generate_resolve_20"]
  /// The Feed's typed-card scenarios (100,000 cached concerts; keys during a refresh).
  static let feedScenarios = [
    "start_concerts_100k", "scroll_concerts_100k", "scroll_during_refresh", "start_social_10k",
    "cards_concerts_10k", "cards_social_10k",
  ]
  /// Pictures and sound, vibes only: a detail frame with its cover against the same frame without, a list scrolled
  /// with its thumbnails against the same list without, and key to the first audio of a cached preview (mpv at
  /// `--ao=null`; `make test` installs mpv and ffmpeg).
  static let mediaScenarios = ["artwork_detail", "scroll_thumbs_off", "scroll_thumbs", "preview_first_audio"]
  /// Signed in (`vibes auth login google --device`) against the bench's loopback Google/Firebase
  /// (bench/firebase_fake.py) as someone who follows 300 people: each with the count it exists for.
  static let socialScenarios = [
    "people_300": "in_queries_in_flight_max", "find_users": "results_after_answer_writes",
    "social_poll_10": "cards_after_answer_writes",
  ]
  /// Issue 24, vibes only: For You opened from its saved copy (the Spotify fake) and a Blend of 30 songs (the Firebase
  /// fake with create_bench's Gemini and Spotify fakes): each with a count it exists for.
  static let gamifyScenarios = ["for_you_cache": "requests_before_list", "blend_resolve_30": "search_requests"]

  static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  func testQuickBenchRunReportsEveryScenarioForVibesAndTheFloor() throws {
    let environment = ProcessInfo.processInfo.environment
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    guard
      Self.which("python3", path: path) != nil,
      (try? Spawn.run(
        [
          "/bin/sh", "-c",
          "python3 -c 'import sys; sys.path.append(\"/usr/lib/python3/dist-packages\"); import pyte'",
        ],
        environment: ["PATH": path]))?.status == 0
    else {
      if environment["VIBES_REQUIRE_TMUX"] == "1" {
        XCTFail(
          "python3 with pyte is required for the bench smoke run (make test installs python3-pyte)")
      }
      throw XCTSkip("python3 or pyte not installed")
    }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vibes-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: out) }
    let json = out.appendingPathComponent("quick.json")
    let script = Self.repositoryRoot.appendingPathComponent("bench/run.py").path
    let command =
      "python3 '\(script)' --quick --vibes '\(VibesHarness.binary.path)' --json '\(json.path)' 2>&1"
    var childEnvironment = [
      "PATH": path + ":/opt/swift/usr/bin", "HOME": out.path, "BENCH_OUT": out.path,
    ]
    if let cc = environment["CC"] { childEnvironment["CC"] = cc }
    let result = try Spawn.run(["/bin/sh", "-c", command], environment: childEnvironment)
    XCTAssertEqual(result.status, 0, result.output)

    let data = try Data(contentsOf: json)
    let report = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: data) as? [String: Any], result.output)
    let scenarios = try XCTUnwrap(report["scenarios"] as? [String: Any])
    XCTAssertEqual(
      Set(scenarios.keys),
      Set(Self.scenarios).union(Self.spotifyScenarios.keys).union(Self.vibesOnlyScenarios).union(Self.feedScenarios)
        .union(Self.mediaScenarios).union(Self.socialScenarios.keys).union(Self.gamifyScenarios.keys))
    for (name, metric) in Self.gamifyScenarios {
      let programs = (scenarios[name] as? [String: Any])?["programs"] as? [String: [String: Any]]
      XCTAssertNotNil(programs?["vibes"]?[metric], "\(name) vibes \(metric) (\(result.output))")
    }
    for name in Self.vibesOnlyScenarios + Self.feedScenarios + Self.mediaScenarios {
      let programs = (scenarios[name] as? [String: Any])?["programs"] as? [String: [String: Any]]
      XCTAssertNotNil(programs?["vibes"], "\(name) ran for vibes (\(result.output))")
    }
    for (name, metric) in Self.spotifyScenarios {
      let programs = (scenarios[name] as? [String: Any])?["programs"] as? [String: [String: Any]]
      let requests = programs?["vibes"]?[metric] as? [String: Double]
      XCTAssertEqual(requests?["max"], 1, "\(name): one request (\(result.output))")
    }
    for name in Self.scenarios {
      let scenario = try XCTUnwrap(scenarios[name] as? [String: Any], name)
      let programs = try XCTUnwrap(scenario["programs"] as? [String: [String: Any]], name)
      for program in ["vibes", "floor"] {
        let metrics = try XCTUnwrap(programs[program], "\(name): no \(program)")
        for metric in ["first_frame_ms", "startup_bytes", "peak_rss_kb"] {
          let stats = try XCTUnwrap(
            metrics[metric] as? [String: Double], "\(name) \(program) \(metric)")
          XCTAssertEqual(Set(stats.keys), ["min", "median", "max", "n"])
          XCTAssertGreaterThan(stats["median"] ?? 0, 0, "\(name) \(program) \(metric)")
        }
      }
      let ratios = try XCTUnwrap(scenario["ratios"] as? [String: [String: Double]], name)
      XCTAssertNotNil(ratios["floor"]?["first_frame_ms"], name)
    }
    // The per-key metrics each scenario exists for, measured for both programs.
    let perKey = [
      "checklist_down": "down_bytes", "push_pop": "esc_ms", "form_typing": "type_bytes",
      "scroll_100k": "down_ms",
    ]
    for (name, metric) in perKey {
      let programs = (scenarios[name] as? [String: Any])?["programs"] as? [String: [String: Any]]
      XCTAssertNotNil(programs?["vibes"]?[metric], "\(name) vibes \(metric)")
      XCTAssertNotNil(programs?["floor"]?[metric], "\(name) floor \(metric)")
    }
    // Issue 23: Down and Enter on song cards and on concert cards, compared in the same run.
    for name in ["cards_concerts_10k", "cards_social_10k"] {
      let programs = (scenarios[name] as? [String: Any])?["programs"] as? [String: [String: Any]]
      for metric in ["down_ms", "enter_ms"] {
        XCTAssertNotNil(programs?["vibes"]?[metric], "\(name) vibes \(metric) (\(result.output))")
      }
    }
    // Issues 22 and 23: counts, not times. People's refresh asks for 300 profiles in ⌈300/30⌉ `IN` queries (never
    // more in flight together).
    for (name, metric) in Self.socialScenarios {
      let programs = (scenarios[name] as? [String: Any])?["programs"] as? [String: [String: Any]]
      XCTAssertNotNil(programs?["vibes"]?[metric], "\(name) vibes \(metric) (\(result.output))")
    }
    let people = ((scenarios["people_300"] as? [String: Any])?["programs"] as? [String: [String: Any]])?["vibes"]
    XCTAssertEqual((people?["in_queries"] as? [String: Double])?["max"], 10, result.output)
    XCTAssertLessThanOrEqual((people?["in_queries_in_flight_max"] as? [String: Double])?["max"] ?? 99, 10)
    XCTAssertNotNil(people?["answers_before_list"], "a count whose target is timing-sensitive: reported, not asserted")
    let poll = ((scenarios["social_poll_10"] as? [String: Any])?["programs"] as? [String: [String: Any]])?["vibes"]
    XCTAssertGreaterThan((poll?["new_cards_in_that_frame"] as? [String: Double])?["max"] ?? 0, 0, result.output)
    let targets = try XCTUnwrap(report["targets"] as? [[String: Any]])
    XCTAssertGreaterThanOrEqual(targets.count, 8)
    let names = Set(targets.compactMap { $0["target"] as? String })
    XCTAssertTrue(names.contains("Down on song cards <= 1.1x Down on concert cards"), "\(names)")
    XCTAssertTrue(names.contains("Enter on a song card <= 1.1x Enter on a concert card"), "\(names)")
    XCTAssertTrue(names.contains("people_300: <= 10 IN queries in flight together"), "\(names)")
    XCTAssertTrue(names.contains("find_users: results in the first frame after the answer"), "\(names)")
    XCTAssertTrue(names.contains("social_poll_10: new cards in the first frame after the answer"), "\(names)")
  }

  static func which(_ name: String, path: String) -> String? {
    path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
