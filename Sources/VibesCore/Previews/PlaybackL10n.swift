/// The texts of previews and Spotify Connect playback, English and German: what the status area and the play
/// action will say (the screens come with the song menu; the failures' wording is settled here).
public enum PlaybackL10n: String, LocalizedKey {
  case previewNoPlayer, previewAudioOutputFailed, previewLoadFailed, previewPlayerDied, previewPlayerHung
  case previewControlChannel, previewRemoteSession, previewRateLimited, previewNone, previewAppleMusic
  case playbackPremiumRequired, playbackNoActiveDevice, playbackNeedsPermission, playbackRefused
  case previewHelpPlay, previewFinding, previewUnavailable, previewLoading

  public static func table(for language: Language) -> [PlaybackL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [PlaybackL10n: String] = [
    .previewNoPlayer:
      "No audio player is installed: install the Debian package mpv (sudo apt install mpv), or ffmpeg for ffplay, to hear previews.",
    .previewAudioOutputFailed:
      "No sound device here, so the preview cannot be heard. Over ssh the sound would play on the remote machine.",
    .previewLoadFailed: "The preview could not be played: the clip could not be loaded or is not audio.",
    .previewPlayerDied: "The audio player stopped unexpectedly. Play again to restart it.",
    .previewPlayerHung: "The audio player stopped responding and was closed. Play again to restart it.",
    .previewControlChannel: "The audio player could not be controlled (no private folder for its control socket).",
    .previewRemoteSession:
      "You are connected over ssh: the preview would play on {host}, not on the computer in front of you.",
    .previewRateLimited: "The iTunes store is limiting requests. Try the preview again in a minute.",
    .previewNone: "No preview for this song; o opens it in Spotify.",
    .previewAppleMusic: "Preview from Apple Music",
    .previewHelpPlay: "play/pause preview",
    .previewFinding: "Looking for a preview…",
    .previewUnavailable:
      "The preview could not be looked up (no connection to the iTunes store). Press p to try again.",
    .previewLoading: "Loading the preview…",
    .playbackPremiumRequired:
      "Playing on a Spotify device needs Spotify Premium (PREMIUM_REQUIRED). Open it in Spotify instead.",
    .playbackNoActiveDevice:
      "No Spotify device is active (NO_ACTIVE_DEVICE): open Spotify on a phone, computer or speaker, or pick a device.",
    .playbackNeedsPermission:
      "vibes may not control your Spotify playback yet. Connect Spotify again and allow playback control.",
    .playbackRefused: "Spotify refused the player command ({reason}).",
  ]

  static let german: [PlaybackL10n: String] = [
    .previewNoPlayer:
      "Kein Audioplayer installiert: installiere das Debian-Paket mpv (sudo apt install mpv) oder ffmpeg für ffplay, um Hörproben zu hören.",
    .previewAudioOutputFailed:
      "Hier gibt es kein Audiogerät, die Hörprobe ist nicht zu hören. Über ssh liefe der Ton auf dem entfernten Rechner.",
    .previewLoadFailed:
      "Die Hörprobe ließ sich nicht abspielen: der Ausschnitt war nicht zu laden oder ist kein Audio.",
    .previewPlayerDied: "Der Audioplayer hat sich unerwartet beendet. Spiele erneut ab, um ihn neu zu starten.",
    .previewPlayerHung:
      "Der Audioplayer reagierte nicht mehr und wurde geschlossen. Spiele erneut ab, um ihn neu zu starten.",
    .previewControlChannel:
      "Der Audioplayer ließ sich nicht steuern (kein privater Ordner für seinen Steuer-Socket).",
    .previewRemoteSession:
      "Du bist über ssh verbunden: die Hörprobe liefe auf {host}, nicht auf dem Rechner vor dir.",
    .previewRateLimited: "Der iTunes Store begrenzt die Anfragen. Versuche die Hörprobe in einer Minute noch einmal.",
    .previewNone: "Für diesen Titel gibt es keine Hörprobe; o öffnet ihn in Spotify.",
    .previewAppleMusic: "Hörprobe von Apple Music",
    .previewHelpPlay: "Hörprobe an/aus",
    .previewFinding: "Suche eine Hörprobe…",
    .previewUnavailable:
      "Die Hörprobe ließ sich nicht suchen (keine Verbindung zum iTunes Store). Drücke p, um es erneut zu versuchen.",
    .previewLoading: "Lade die Hörprobe…",
    .playbackPremiumRequired:
      "Abspielen auf einem Spotify-Gerät braucht Spotify Premium (PREMIUM_REQUIRED). Öffne den Titel stattdessen in Spotify.",
    .playbackNoActiveDevice:
      "Kein Spotify-Gerät ist aktiv (NO_ACTIVE_DEVICE): öffne Spotify auf einem Handy, Rechner oder Lautsprecher, oder wähle ein Gerät.",
    .playbackNeedsPermission:
      "vibes darf deine Spotify-Wiedergabe noch nicht steuern. Verbinde Spotify erneut und erlaube die Wiedergabesteuerung.",
    .playbackRefused: "Spotify hat den Befehl abgelehnt ({reason}).",
  ]
}

extension Localizer {
  /// A playback text.
  public subscript(_ key: PlaybackL10n) -> String { text(key) }
  /// A playback text with its `{placeholders}` filled.
  public func format(_ key: PlaybackL10n, _ values: [String: String]) -> String { text(key, values) }
}

extension PreviewPlaybackFailure {
  /// What to tell the user.
  public var explanation: LocalizedText {
    switch self {
    case .noPlayer: return LocalizedText(PlaybackL10n.previewNoPlayer)
    case .audioOutputFailed: return LocalizedText(PlaybackL10n.previewAudioOutputFailed)
    case .loadFailed: return LocalizedText(PlaybackL10n.previewLoadFailed)
    case .playerDied: return LocalizedText(PlaybackL10n.previewPlayerDied)
    case .playerHung: return LocalizedText(PlaybackL10n.previewPlayerHung)
    case .controlChannel: return LocalizedText(PlaybackL10n.previewControlChannel)
    }
  }
}
