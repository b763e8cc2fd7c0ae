import VibesCore
import VibesServices

extension SuggestedSong {
  /// The core form of a song Gemini suggested.
  public init(_ song: GeminiSong) { self.init(title: song.title, artist: song.artist) }
}

extension GeminiSong {
  /// The wire form of a song, for grow requests' "already in it" and "do not suggest" lists.
  public init(_ song: SuggestedSong) { self.init(title: song.title, artist: song.artist) }
}
