import Foundation
import VibesCore
import VibesGraphics
import VibesStorage
import VibesTerminal
import VibesUI

/// How the app loads artwork: the loader (nil: a bounded fetcher and the disk cache under the user's cache folder)
/// and whether pictures are asked for at all (nil: decided from the environment — none with `NO_COLOR`, a dumb
/// terminal, or half-blocks without 24-bit colour).
public struct ArtworkDependencies: Sendable {
  public var loader: ArtworkLoader?
  public var enabled: Bool?
  /// Whether lists show thumbnails (nil: when the environment's protocol is kitty, sixel or iTerm2).
  public var thumbnails: Bool?

  public init(loader: ArtworkLoader? = nil, enabled: Bool? = nil, thumbnails: Bool? = nil) {
    self.loader = loader
    self.enabled = enabled
    self.thumbnails = thumbnails
  }

  /// The loader to use for `environment`.
  public func loader(environment: [String: String]) -> ArtworkLoader {
    loader
      ?? ArtworkLoader(cache: ArtworkDiskCache(directory: AppPaths(environment: environment).artworkCacheDirectory))
  }

  /// True when screens' pictures should be fetched: the terminal can draw them.
  public func isEnabled(environment: [String: String]) -> Bool {
    enabled ?? (TerminalImages.capabilities(environment: environment).graphics != .none)
  }

  /// True when lists get thumbnails: pictures are drawn with a protocol, not half-blocks (a 2×1 box of
  /// half-blocks is 2×2 pixels).
  public func drawsThumbnails(environment: [String: String]) -> Bool {
    isEnabled(environment: environment)
      && (thumbnails ?? TerminalImages.capabilities(environment: environment).graphics.drawsThumbnails)
  }
}

extension GraphicsProtocol {
  /// Lists show thumbnails only with a picture protocol.
  var drawsThumbnails: Bool { self == .kitty || self == .sixel || self == .iterm2 }
}

extension ArtworkBitmap {
  /// The decoded picture, scaled down to `maxSide` at most; the file kept (for iTerm2) when it is small.
  init?(_ image: RGBImage, file: Data) {
    let fit = CellFit.fit(
      width: image.width, height: image.height, columns: min(image.width, Self.maxSide),
      rows: min(image.height, Self.maxSide), cellWidth: 1, cellHeight: 1)
    let scaled =
      fit.pixelWidth < image.width || fit.pixelHeight < image.height
      ? image.resized(width: fit.pixelWidth, height: fit.pixelHeight) : image
    self.init(
      width: scaled.width, height: scaled.height, pixels: scaled.pixels,
      file: file.count <= 512 * 1024 ? Array(file) : nil)
  }
}

extension ArtworkFailure {
  init(_ error: ArtworkLoadError) {
    switch error {
    case .fetch(.tooLarge), .decode(.tooLarge): self = .tooLarge
    case .decode(.unreadable), .fetch(.notAnImage): self = .unreadable
    case .fetch(.redirectedElsewhere): self = .redirectedElsewhere
    case .fetch(.status(let status)): self = .status(status)
    case .fetch(.invalidURL): self = .invalidAddress
    case .fetch(.network), .fetch(.cancelled): self = .network
    }
  }
}

extension EffectRunner {
  /// Fetches (disk cache first), decodes and scales one picture, off the main actor.
  func runArtwork(_ effect: ArtworkEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .load(let address):
      let loader = dependencies.artwork.loader(environment: dependencies.environment)
      do {
        let file = try await loader.file(address)
        let image: RGBImage
        do {
          image = try ImageDecoder.decode(file, maxPixels: loader.maxPixels)
        } catch {
          throw ArtworkLoadError.decode(error)
        }
        guard let bitmap = ArtworkBitmap(image, file: file) else { throw ArtworkLoadError.decode(.unreadable) }
        send(.artwork(.loaded(address, bitmap)))
      } catch let error as ArtworkLoadError {
        guard !Task.isCancelled else { return }
        dependencies.logger.info("artwork not shown: \(String(describing: ArtworkFailure(error)))")
        send(.artwork(.failed(address, ArtworkFailure(error))))
      } catch {
        send(.artwork(.failed(address, .network)))
      }
    }
  }
}

extension AppRuntime {
  /// Asks for the pictures a frame placed and the state does not know yet (when the terminal can draw them and the
  /// user's setting, read with the facts, is on); the answers arrive as actions and redraw the frame.
  func requestArtwork(for grid: Grid) {
    guard !grid.images.isEmpty, state.mayLoadArtwork else { return }
    let missing = state.artwork.missing(grid.images.map(\.key))
    if !missing.isEmpty { sink.yield(.artwork(.wanted(missing))) }
  }

  /// After the first frame, in the background: asks tmux whether it passes pictures through (bounded, only inside
  /// tmux and without `VIBES_TMUX_PASSTHROUGH`), then the terminal what it can draw (`GraphicsProbe`). Not when
  /// the dependencies decide (`ArtworkDependencies.enabled`, tests).
  func detectGraphics() -> Task<Void, Never>? {
    let dependencies = runner.dependencies
    guard dependencies.artwork.enabled == nil else { return nil }
    let environment = dependencies.environment
    return Task { @MainActor [weak self] in
      let passthrough = await Task.detached { TmuxPassthroughCheck.allowed(environment: environment) }.value
      guard let self, !Task.isCancelled else { return }
      if let draws = self.presenter?.startGraphicsProbe(tmuxPassthrough: passthrough) {
        self.terminalPicturesChanged(draws)
      }
    }
  }

  /// The terminal's pictures changed (tmux or the probe answered): the state learns whether boxes are reserved,
  /// and the next frame is presented even if its text did not change (the terminal repaints it whole).
  func terminalPicturesChanged(_ draws: Bool) {
    presented = nil
    sink.yield(.artwork(.terminalDraws(draws, thumbnails: presenter?.drawsThumbnails ?? false)))
  }
}
