/// A decoded picture ready to draw: 8-bit RGB, rows top to bottom, already scaled down to at most
/// `ArtworkBitmap.maxSide` pixels a side (the presenter scales it to the cells it gets). `file` keeps the encoded
/// bytes for the protocols that send the file as it is (iTerm2), when they are small.
public struct ArtworkBitmap: Sendable, Hashable {
  /// Covers arrive at 640 px (Spotify) or 1200 px (iTunes); no terminal box needs more than this.
  public static let maxSide = 320

  public let width: Int
  public let height: Int
  public let pixels: [UInt8]
  public let file: [UInt8]?

  public init?(width: Int, height: Int, pixels: [UInt8], file: [UInt8]? = nil) {
    guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.file = file
  }
}

/// Why a picture is not shown. The screen keeps its box blank either way; the reason is kept for the log and tests.
public enum ArtworkFailure: Sendable, Hashable {
  /// Larger than the byte cap or the pixel cap.
  case tooLarge
  /// Not an image stb_image can read (corrupt, truncated, HTML).
  case unreadable
  /// Redirected to another host: not followed.
  case redirectedElsewhere
  /// The host answered with an error status.
  case status(Int)
  /// No answer in time, or the connection failed.
  case network
  /// Not an http(s) address.
  case invalidAddress
}

/// One picture's state.
public enum ArtworkEntry: Sendable, Hashable {
  case loading
  case ready(ArtworkBitmap)
  case failed(ArtworkFailure)
}

/// What happened to artwork.
public enum ArtworkAction: Sendable, Hashable {
  /// The frame just drawn asks for these addresses (the runtime sends the ones it has no entry for).
  case wanted([String])
  case loaded(String, ArtworkBitmap)
  case failed(String, ArtworkFailure)
  /// tmux or the terminal answered at start: whether it draws pictures after all (`isShown`), and whether with a
  /// picture protocol (kitty, sixel, iTerm2) rather than half-blocks (`drawsThumbnails`).
  case terminalDraws(Bool, thumbnails: Bool = false)
}

/// Work for the edge: fetch (disk cache, else one bounded request), decode and scale, off the main actor; answers
/// `.loaded` or `.failed`.
public enum ArtworkEffect: Sendable, Hashable {
  case load(String)
}

/// The pictures the screens asked for, by address: loading, ready or failed; the least recently used beyond
/// `capacity` are forgotten (a screen that asks again loads from the disk cache).
public struct ArtworkState: Sendable, Hashable {
  /// Room for a detail picture and a tall list's thumbnails at once (fewer would evict what the same frame shows
  /// and load it again, frame after frame).
  public static let defaultCapacity = 64

  public private(set) var entries: [String: ArtworkEntry] = [:]
  /// Addresses from least to most recently used.
  public private(set) var recency: [String] = []
  public var capacity: Int
  /// Whether this terminal draws pictures at all (set at start by the runtime from the environment, corrected once
  /// when tmux and the graphics probe answer). When it does not, screens reserve no box for them: the layout stays
  /// the same whether a picture has loaded or not, and a terminal without pictures does not give up rows to empty
  /// boxes. The user's setting (`SetupFacts.artworkOn`) is the other half: `AppState.showsArtwork`.
  public var isShown = true
  /// Whether this terminal draws pictures with a protocol (kitty, sixel, iTerm2): only then do lists get a 2×1
  /// thumbnail at the start of a row (half-blocks would give it 2×2 pixels). Set with `isShown`.
  public var drawsThumbnails = false

  public init(capacity: Int = ArtworkState.defaultCapacity) { self.capacity = max(1, capacity) }

  /// The picture for `address` when it is ready.
  public func bitmap(_ address: String) -> ArtworkBitmap? {
    if case .ready(let bitmap)? = entries[address] { return bitmap }
    return nil
  }

  /// Of `addresses`, those with no entry yet (in order, once each).
  public func missing(_ addresses: [String]) -> [String] {
    var seen = Set<String>()
    return addresses.filter { entries[$0] == nil && seen.insert($0).inserted }
  }

  public static func reduce(_ state: inout ArtworkState, _ action: ArtworkAction) -> [ArtworkEffect] {
    switch action {
    case .wanted(let addresses):
      var effects: [ArtworkEffect] = []
      for address in addresses {
        if state.entries[address] != nil {
          state.touch(address)
          continue
        }
        state.entries[address] = .loading
        state.touch(address)
        effects.append(.load(address))
      }
      state.evict()
      return effects
    case .loaded(let address, let bitmap):
      // An answer for an address forgotten meanwhile is dropped: nothing on screen asked for it since.
      guard state.entries[address] != nil else { return [] }
      state.entries[address] = .ready(bitmap)
      return []
    case .failed(let address, let failure):
      guard state.entries[address] != nil else { return [] }
      state.entries[address] = .failed(failure)
      return []
    case .terminalDraws(let draws, let thumbnails):
      state.isShown = draws
      state.drawsThumbnails = draws && thumbnails
      return []
    }
  }

  private mutating func touch(_ address: String) {
    recency.removeAll { $0 == address }
    recency.append(address)
  }

  private mutating func evict() {
    while recency.count > capacity {
      let oldest = recency.removeFirst()
      entries[oldest] = nil
    }
  }
}
