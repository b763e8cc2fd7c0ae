import Foundation
import VibesCore
import VibesServices

/// The shipped city list (GeoNames cities over 15,000 people, CC BY 4.0; `Resources/cities15000.tsv`), read the
/// first time a concert search or the city field needs it, never at start-up.
public enum CityList {
  /// The resource bundle's name SwiftPM gives the VibesApp target.
  static let bundleName = "vibes_VibesApp.resources"
  static let fileName = "cities15000.tsv"

  /// The list, or nil when its file is missing (then concerts are searched by the typed city name alone).
  public static let index: CityIndex? = {
    guard let url = fileURL(), let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    return CityIndex(tsv: text)
  }()

  /// Next to the executable (a build folder) or in `PREFIX/share/vibes` (`make install`). Not `Bundle.module`,
  /// which stops the process when the bundle is missing.
  static func fileURL() -> URL? {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = [
      executable.appendingPathComponent(bundleName),
      executable.deletingLastPathComponent().appendingPathComponent("share/vibes").appendingPathComponent(bundleName),
      // `swift test`: the test bundle runs from the build folder's xctest bundle, two levels below it.
      executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(bundleName),
    ]
    for folder in candidates {
      let file = folder.appendingPathComponent(fileName)
      if FileManager.default.isReadableFile(atPath: file.path) { return file }
    }
    return nil
  }

  /// Where to search concerts for the saved city: its coordinates and `radiusKm` when the list knows it,
  /// nil (search by name) otherwise.
  public static func area(for city: String, radiusKm: Int = TicketmasterArea.defaultRadiusKm, in index: CityIndex?)
    -> TicketmasterArea?
  {
    guard let found = index?.city(named: city) else { return nil }
    return TicketmasterArea(latitude: found.latitude, longitude: found.longitude, radiusKm: radiusKm)
  }
}
