// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: VibesWire <- VibesCore <- VibesUI <- VibesTerminal; VibesCore <- VibesStorage;
// VibesWire <- VibesServices (nothing else of ours); only VibesApp and the `vibes` executable see everything.
// VibesWire is the shared kernel both sides speak (the network-error kind, the App Store Connect models): pure,
// no I/O, depending on nothing, so the core and the clients share one definition instead of mapping mirrors.
let package = Package(
  name: "vibes",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "vibes", targets: ["vibes"])
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"4.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    .target(
      name: "CCurses",
      linkerSettings: [.linkedLibrary("ncursesw")]
    ),
    .target(name: "VibesWire"),
    .target(name: "VibesCore", dependencies: ["VibesWire"]),
    // stb_image (Debian's libstb-dev header) compiled in: JPEG/PNG decoding without a shared library at start-up.
    .target(name: "CStbImage"),
    // Artwork: decoding, scaling to a cell box, kitty/sixel/iTerm2/half-block encoders, capability detection.
    .target(name: "VibesGraphics", dependencies: ["CStbImage"]),
    .target(name: "VibesUI", dependencies: ["VibesCore"]),
    .target(name: "VibesTerminal", dependencies: ["VibesCore", "VibesUI", "VibesGraphics", "CCurses"]),
    .target(
      name: "VibesStorage",
      dependencies: [
        "VibesCore",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "VibesServices",
      dependencies: [
        "VibesWire",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "VibesApp",
      dependencies: [
        "VibesCore", "VibesUI", "VibesTerminal", "VibesStorage", "VibesServices", "VibesGraphics",
        .product(name: "Logging", package: "swift-log"),
      ],
      // GeoNames cities over 15,000 people (CC BY 4.0), made by scripts/make-cities.py; read lazily (CityList).
      resources: [.copy("Resources/cities15000.tsv")]
    ),
    .target(
      name: "VibesDemo",
      dependencies: [
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .executableTarget(
      name: "vibes",
      dependencies: [
        "VibesApp", "VibesCore", "VibesDemo",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "VibesTestSupport",
      dependencies: [
        "VibesServices", "VibesCore", "VibesApp",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Tests/VibesTestSupport"
    ),
    .testTarget(name: "VibesCoreTests", dependencies: ["VibesCore", "VibesUI", "VibesApp", "VibesTestSupport"]),
    .testTarget(
      name: "VibesUITests", dependencies: ["VibesUI", "VibesCore", "VibesApp", "VibesTestSupport"], exclude: ["Goldens"]
    ),
    .testTarget(
      name: "VibesTerminalTests",
      dependencies: ["VibesTerminal", "VibesUI", "VibesCore", "VibesGraphics", "VibesTestSupport"]),
    .testTarget(name: "VibesStorageTests", dependencies: ["VibesStorage", "VibesCore", "VibesTestSupport"]),
    .testTarget(name: "VibesGraphicsTests", dependencies: ["VibesGraphics", "VibesStorage"]),
    .testTarget(name: "VibesServicesTests", dependencies: ["VibesServices", "VibesTestSupport"]),
    .testTarget(
      name: "VibesAppTests",
      dependencies: [
        "VibesApp", "VibesCore", "VibesStorage", "VibesServices", "VibesGraphics", "VibesTestSupport",
      ]
    ),
    .testTarget(
      name: "TrackerTests",
      dependencies: [
        "VibesCore", "VibesUI", "VibesStorage", "VibesServices", "VibesApp", "VibesTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "AppStoreConnectAppTests",
      dependencies: [
        "VibesApp", "VibesCore", "VibesStorage", "VibesServices", "VibesTestSupport",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "VibesDemoTests",
      dependencies: ["VibesDemo", "VibesApp", "VibesCore", "VibesServices", "VibesUI", "VibesTestSupport"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["VibesTestSupport", "VibesStorage", "VibesCore"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
