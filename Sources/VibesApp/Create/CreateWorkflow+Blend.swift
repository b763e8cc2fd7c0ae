import Foundation
import VibesCore
import VibesServices

extension CreateWorkflow {
  /// A Blend (FR-6.2): one Gemini request from both taste summaries, recorded in Create's history like a generated
  /// playlist (so `resolve` and `save` are Create's: the same search concurrency and budget, and a retried save
  /// never makes a second playlist), plus the preview with the taste match and the mix. `label` is the history's
  /// prompt text ("Blend with @name", already cleaned). Check `BlendPreview.problem` first. `count`: the most the
  /// spec's 20–30 allows (issue 24's "a Blend of 30 songs", the bench's `blend_resolve_30`).
  public func generateBlend(
    mine: TasteSummary, theirs: TasteSummary, label: String, count: Int = BlendPreview.songRange.upperBound,
    apiKey: String
  ) async throws -> (playlist: GeneratedPlaylist, preview: BlendPreview) {
    let seeds = GeminiBlendSeeds(
      mine: mine.artists.map { GeminiSeedArtist(name: $0.name, genres: []) },
      theirs: theirs.artists.map { GeminiSeedArtist(name: $0.name, genres: []) },
      myGenres: mine.genres.map(\.name), theirGenres: theirs.genres.map(\.name))
    let answer = try await gemini.generatePlaylist(.blend(seeds, count: count), model: model, apiKey: apiKey)
    let preview = BlendPreview(
      name: answer.name, songs: answer.songs.map { (title: $0.title, artist: $0.artist) }, mine: mine,
      theirs: theirs)
    let id = try database.recordGeneratedPlaylist(
      prompt: label, name: preview.name, description: answer.description,
      songs: answer.songs.map(SuggestedSong.init), at: now())
    return (try playlist(id), preview)
  }
}
