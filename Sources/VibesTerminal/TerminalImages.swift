import Foundation
import VibesCore
import VibesGraphics
import VibesUI

/// The pictures of a grid's `images`, drawn after ncurses' update with the terminal's protocol, remembered so each
/// is sent again only when it is new, moved, or (for pictures that live in cells: sixel, iTerm2, half-blocks) its
/// rows were redrawn; removed ones are deleted (kitty) or their rows repainted by ncurses. Pure but for its memory;
/// `TerminalSession` calls `plan` before `doupdate` and `bytes` after it.
public struct TerminalImages {
  /// The protocol for a terminal described by `environment`: the environment's guess, corrected by the probe's
  /// `reply` when one came; half-blocks only with 24-bit colour, else none. Inside tmux the protocols need
  /// passthrough (tmux drops them unless `allow-passthrough` is on): `VIBES_TMUX_PASSTHROUGH=1`/`=0` decides, else
  /// `tmuxPassthrough` (what tmux said, `TmuxPassthroughCheck`), else none.
  public static func capabilities(
    environment: [String: String], tmuxPassthrough: Bool? = nil, reply: GraphicsProbe.Reply? = nil
  ) -> GraphicsCapabilities {
    var capabilities = GraphicsCapabilities.guess(
      environment: environment, tmuxPassthrough: passthrough(environment: environment, detected: tmuxPassthrough))
    if let reply { capabilities = capabilities.refined(by: reply) }
    if capabilities.graphics == .halfBlocks && !capabilities.trueColor { capabilities.graphics = .none }
    return capabilities
  }

  /// Whether tmux passes pictures through: the variable (`1`/`0`) wins over what tmux said.
  public static func passthrough(environment: [String: String], detected: Bool?) -> Bool {
    switch environment["VIBES_TMUX_PASSTHROUGH"] {
    case "1": return true
    case "0": return false
    default: return detected ?? false
    }
  }

  /// True when the graphics probe may be sent: colours are on, and the terminal is no console or vt-like that
  /// would print an unknown sequence as text (as for hyperlinks, `TerminalCapabilities.detect`).
  public static func mayProbe(environment: [String: String]) -> Bool {
    let term = (environment["TERM"] ?? "").lowercased()
    guard (environment["NO_COLOR"] ?? "").isEmpty, !term.isEmpty, term != "dumb" else { return false }
    let plainPrefixes = ["linux", "vt", "cons", "ansi", "sun", "pcansi", "mach", "wsvt"]
    if plainPrefixes.contains(where: { term.hasPrefix($0) }) { return false }
    if term.hasPrefix("screen") && (environment["TMUX"] ?? "").isEmpty { return false }
    return true
  }

  /// Below this width no picture is drawn (screens reserve no box there either).
  static let minimumWidth = 60
  /// A cell's size when the terminal does not tell: small, so a sixel picture never spills out of its box.
  static let assumedCell = (width: 6, height: 12)

  struct Plan: Equatable {
    /// kitty: delete every picture (after a full repaint nothing on screen is known).
    var deleteAll = false
    /// kitty image ids whose pictures are gone (their data freed).
    var delete: [UInt32] = []
    /// kitty placements gone whose image still shows elsewhere (`d=i`: the data stays for the other places).
    var deletePlacements: [KittyPlacement] = []
    /// Rows ncurses must repaint (a cell-based picture left them).
    var repaintRows: [Range<Int>] = []
    /// Placements to send, in order.
    var draw: [ImagePlacement] = []
    /// kitty: the placement number of each of `draw` (its occurrence among the frame's places of that image).
    var drawPlacements: [UInt32] = []
  }

  /// One kitty placement: the image's id (by address and box size, so a picture that only moved keeps it) and its
  /// placement number (1 for the first place of that image in the frame, 2 for the next…). Putting the same pair
  /// again moves the placement; nothing is sent twice.
  struct KittyPlacement: Hashable {
    var id: UInt32
    var placement: UInt32
  }

  var capabilities: GraphicsCapabilities
  /// Pixels per cell, when the terminal reports them.
  var cellPixels: (width: Int, height: Int)?
  /// What is on screen now.
  private(set) var shown: [ImagePlacement] = []
  private var encoded: [EncodedKey: [UInt8]] = [:]
  /// kitty image ids whose data the terminal holds (sent with `a=T`, not deleted since): later places only put them.
  private var transmitted: Set<UInt32> = []

  init(capabilities: GraphicsCapabilities, cellPixels: (width: Int, height: Int)? = nil) {
    self.capabilities = capabilities
    self.cellPixels = cellPixels
  }

  private var livesInCells: Bool { capabilities.graphics != .kitty }

  /// Decides what to send for `grid` and remembers it as shown. `repaintAll`: ncurses clears and redraws the
  /// screen; `changedRows`: rows ncurses updates (it may re-send blanks over a picture there).
  mutating func plan(_ grid: Grid, repaintAll: Bool, changedRows: Set<Int>, screenWidth: Int) -> Plan {
    var plan = Plan()
    let drawable = capabilities.graphics != .none && screenWidth >= Self.minimumWidth
    let next = drawable ? grid.images.filter { $0.image != nil && $0.column + $0.columns <= screenWidth } : []
    if repaintAll {
      plan.deleteAll = capabilities.graphics == .kitty && !shown.isEmpty
      plan.draw = next
      plan.drawPlacements = Self.kittyPlacements(next).map(\.placement)
      shown = next
      return plan
    }
    if !livesInCells {
      planKitty(next, into: &plan)
      shown = next
      return plan
    }
    let removed = shown.filter { old in !next.contains(old) }
    for old in removed {
      if livesInCells {
        plan.repaintRows.append(old.cellRows)
      } else {
        plan.delete.append(Self.kittyID(old))
      }
    }
    let repainted = Set(plan.repaintRows.flatMap { $0 })
    for placement in next {
      let isNew = !shown.contains(placement)
      let erased =
        livesInCells
        && placement.cellRows.contains { changedRows.contains($0) || repainted.contains($0) }
      if isNew || erased { plan.draw.append(placement) }
    }
    shown = next
    return plan
  }

  /// kitty: a placement whose (id, number) is new or whose box or picture changed is put; one gone is deleted, with
  /// its image's data when no place of that image is left; an image whose picture changed is sent again. A list
  /// scrolled by a row so only moves its thumbnails (a few bytes each) and sends the one that came into view.
  private func planKitty(_ next: [ImagePlacement], into plan: inout Plan) {
    let before = Dictionary(
      zip(Self.kittyPlacements(shown), shown).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
    let after = Self.kittyPlacements(next)
    let afterIDs = Set(after.map(\.id))
    // An image whose picture changed (same address and box, another bitmap) is deleted and sent again.
    var changed = Set<UInt32>()
    for (ref, placement) in zip(after, next) {
      if let old = before[ref], old.image != placement.image { changed.insert(ref.id) }
    }
    let afterSet = Set(after)
    for (ref, _) in before.sorted(by: { ($0.key.id, $0.key.placement) < ($1.key.id, $1.key.placement) }) {
      if !afterIDs.contains(ref.id) || changed.contains(ref.id) {
        if !plan.delete.contains(ref.id) { plan.delete.append(ref.id) }
      } else if !afterSet.contains(ref) {
        plan.deletePlacements.append(ref)
      }
    }
    for (ref, placement) in zip(after, next) {
      if let old = before[ref], !changed.contains(ref.id), old == placement { continue }
      plan.draw.append(placement)
      plan.drawPlacements.append(ref.placement)
    }
  }

  /// Each placement's kitty id and placement number, in order.
  static func kittyPlacements(_ placements: [ImagePlacement]) -> [KittyPlacement] {
    var seen: [UInt32: UInt32] = [:]
    return placements.map { placement in
      let id = kittyID(placement)
      let number = (seen[id] ?? 0) + 1
      seen[id] = number
      return KittyPlacement(id: id, placement: number)
    }
  }

  /// Forgets what is on screen (the terminal was cleared by someone else).
  mutating func forget() {
    shown = []
    transmitted = []
  }

  /// The bytes for `plan`, each picture placed with absolute moves between a cursor save and restore.
  mutating func bytes(_ plan: Plan) -> [UInt8] {
    var output: [UInt8] = []
    if plan.deleteAll {
      output += wrapped(KittyGraphics.deleteAll)
      transmitted = []
    }
    for id in plan.delete {
      output += wrapped(KittyGraphics.delete(id: id))
      transmitted.remove(id)
    }
    for gone in plan.deletePlacements {
      output += wrapped(KittyGraphics.delete(id: gone.id, placement: gone.placement))
    }
    for (index, placement) in plan.draw.enumerated() {
      output += bytes(
        for: placement, kittyPlacement: index < plan.drawPlacements.count ? plan.drawPlacements[index] : 1)
    }
    guard !output.isEmpty else { return [] }
    return Array("\u{1B}7".utf8) + output + Array("\u{1B}8".utf8)
  }

  /// On exit or suspend: kitty pictures outlive the process.
  var farewell: [UInt8] { capabilities.graphics == .kitty ? wrapped(KittyGraphics.deleteAll) : [] }

  // MARK: - Encoding

  private struct EncodedKey: Hashable {
    var key: String
    var columns: Int
    var rows: Int
    var image: ArtworkBitmap
    /// kitty's sequence names the placement number (its image id follows from the key and box); 0 otherwise.
    var kittyPlacement: UInt32 = 0
  }

  /// The kitty image id of a placement's picture: by its address and box size, not where it stands, so a picture a
  /// scroll moved keeps its id (and its data in the terminal).
  static func kittyID(_ placement: ImagePlacement) -> UInt32 {
    // FNV-1a over the key and the box's size: never 0.
    var hash: UInt32 = 2_166_136_261
    for byte in Array(placement.key.utf8) + [
      UInt8(truncatingIfNeeded: placement.columns), UInt8(truncatingIfNeeded: placement.rows),
    ] {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return max(1, hash)
  }

  private func wrapped(_ sequence: [UInt8]) -> [UInt8] {
    capabilities.insideTmux ? TmuxPassthrough.wrap(sequence) : sequence
  }

  private static func move(row: Int, column: Int) -> [UInt8] { Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) }

  private mutating func bytes(for placement: ImagePlacement, kittyPlacement: UInt32) -> [UInt8] {
    guard let bitmap = placement.image,
      let image = RGBImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
    else { return [] }
    let cell = cellPixels ?? Self.assumedCell
    let key = EncodedKey(
      key: placement.key, columns: placement.columns, rows: placement.rows, image: bitmap,
      kittyPlacement: capabilities.graphics == .kitty ? kittyPlacement : 0)
    switch capabilities.graphics {
    case .none:
      return []
    case .halfBlocks:
      let fit = CellFit.fit(
        width: image.width, height: image.height, columns: placement.columns, rows: placement.rows, cellWidth: 1,
        cellHeight: 2)
      let left = placement.column + (placement.columns - fit.columns) / 2
      let lines = HalfBlocks.lines(
        image.resized(width: fit.pixelWidth, height: fit.pixelHeight), trueColor: capabilities.trueColor)
      var output: [UInt8] = []
      for (index, line) in lines.enumerated() where index < placement.rows {
        output += Self.move(row: placement.row + index, column: left) + line
      }
      return output
    case .kitty, .sixel:
      // The picture's cells for the terminal's cell shape (kitty scales into them; sixel is sent at that size).
      let fit = CellFit.fit(
        width: image.width, height: image.height, columns: placement.columns, rows: placement.rows,
        cellWidth: cell.width, cellHeight: cell.height)
      let left = placement.column + (placement.columns - fit.columns) / 2
      let id = Self.kittyID(placement)
      if capabilities.graphics == .kitty && transmitted.contains(id) {
        // The terminal has the picture: only put (or move) this placement.
        return Self.move(row: placement.row, column: left)
          + wrapped(KittyGraphics.place(id: id, placement: kittyPlacement, columns: fit.columns, rows: fit.rows))
      }
      let sequence: [UInt8]
      if let cached = encoded[key] {
        sequence = cached
      } else {
        let scaled =
          fit.pixelWidth < image.width ? image.resized(width: fit.pixelWidth, height: fit.pixelHeight) : image
        sequence =
          capabilities.graphics == .kitty
          ? KittyGraphics.transmitAndShow(
            scaled, id: id, placement: kittyPlacement, columns: fit.columns, rows: fit.rows)
          : SixelEncoder.encode(scaled)
        remember(key, sequence)
      }
      if capabilities.graphics == .kitty { transmitted.insert(id) }
      return Self.move(row: placement.row, column: left) + wrapped(sequence)
    case .iterm2:
      guard let file = bitmap.file else { return [] }
      let sequence: [UInt8]
      if let cached = encoded[key] {
        sequence = cached
      } else {
        sequence = ITerm2Image.encode(file: Data(file), columns: placement.columns, rows: placement.rows)
        remember(key, sequence)
      }
      return Self.move(row: placement.row, column: placement.column) + wrapped(sequence)
    }
  }

  private mutating func remember(_ key: EncodedKey, _ bytes: [UInt8]) {
    if encoded.count >= 64 { encoded.removeAll() }
    encoded[key] = bytes
  }
}
