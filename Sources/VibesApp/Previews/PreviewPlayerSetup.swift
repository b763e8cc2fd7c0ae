import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The pure parts of starting a preview player: which program, which environment, which socket path, and whether
/// the sound would play on another machine.
public enum PreviewPlayerSetup {
  /// `sun_path` holds 108 bytes including the terminating NUL.
  public static let maxSocketPathBytes = 107

  /// The player program found, mpv first.
  public enum Program: Sendable, Equatable {
    case mpv(String)
    case ffplay(String)
  }

  /// The Debian packages that provide a player, named in the "no player" message.
  public static let debianPackages = ["mpv", "ffmpeg"]

  /// Environment variables a player child may see: what it needs to find its libraries, locale and sound server.
  /// Nothing else passes (no tokens, no keys, no VIBES_* variables).
  public static let allowedVariables: Set<String> = [
    "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TZ", "TMPDIR",
    "XDG_RUNTIME_DIR", "XDG_CACHE_HOME", "PULSE_SERVER", "PULSE_SINK", "PULSE_COOKIE", "PIPEWIRE_RUNTIME_DIR",
    "PIPEWIRE_REMOTE", "JACK_DEFAULT_SERVER", "ALSA_CARD", "ALSA_CONFIG_PATH", "AUDIODEV", "SDL_AUDIODRIVER",
    "http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY",
  ]

  /// The child's environment: the allowed variables only, never a VIBES_* one.
  public static func childEnvironment(from environment: [String: String]) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in environment where allowedVariables.contains(name) && !name.hasPrefix("VIBES_") {
      result[name] = value
    }
    if result["PATH"] == nil { result["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
    return result
  }

  /// mpv, else ffplay, from `PATH` (executable regular files only).
  public static func locate(
    environment: [String: String], isExecutable: (String) -> Bool = PreviewPlayerSetup.isExecutableFile
  ) -> Program? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    let folders = path.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    for name in ["mpv", "ffplay"] {
      for folder in folders {
        let candidate = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        if isExecutable(candidate) { return name == "mpv" ? .mpv(candidate) : .ffplay(candidate) }
      }
    }
    return nil
  }

  public static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }

  /// Where mpv's control socket goes: `$XDG_RUNTIME_DIR/vibes-mpv-<pid>.sock` when that fits the 107-byte limit,
  /// else the short `/tmp/vibes-<uid>/mpv-<pid>.sock`; nil when neither fits (a caller's odd folder).
  public static func socketPath(
    runtimeDirectory: String?, processID: Int32, userID: UInt32, fallbackRoot: String = "/tmp"
  ) -> SocketLocation? {
    var candidates: [SocketLocation] = []
    if let runtime = runtimeDirectory, runtime.hasPrefix("/") {
      let folder = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
      candidates.append(SocketLocation(folder: folder, path: folder + "/vibes-mpv-\(processID).sock"))
    }
    let folder = fallbackRoot + "/vibes-\(userID)"
    candidates.append(SocketLocation(folder: folder, path: folder + "/mpv-\(processID).sock"))
    return candidates.first { $0.path.utf8.count <= maxSocketPathBytes }
  }

  /// Creates `folder` (0700) if needed and checks that it is a real directory (not a symlink) owned by `userID`
  /// with no group or other access, so another user cannot plant or read the control socket in a shared /tmp.
  public static func preparePrivateFolder(_ folder: String, userID: UInt32) -> Bool {
    mkdir(folder, 0o700)
    var info = stat()
    guard lstat(folder, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == userID && (info.st_mode & 0o077) == 0
  }

  /// A control socket's folder and path.
  public struct SocketLocation: Sendable, Equatable {
    public var folder: String
    public var path: String
  }

  /// True when vibes runs over ssh, so the sound would play on this (remote) machine, not the user's.
  public static func isRemoteSession(environment: [String: String]) -> Bool {
    for name in ["SSH_CONNECTION", "SSH_TTY", "SSH_CLIENT"] {
      if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return true }
    }
    return false
  }

  /// mpv's arguments: idle, no video, no terminal, no user config, the control socket, the parent watch (when
  /// given), then any extras.
  public static func mpvArguments(
    socketPath: String, extra: [String], watchScript: String? = nil, parentProcessID: Int32? = nil
  ) -> [String] {
    var arguments = ["--idle=yes", "--no-video", "--no-terminal", "--no-config", "--input-ipc-server=\(socketPath)"]
    if let watchScript, let parentProcessID {
      arguments += ["--script=\(watchScript)", "--script-opts=vibes-parent=\(parentProcessID)"]
    }
    return arguments + extra
  }

  /// A Lua script for mpv (Debian's mpv has Lua) that quits the player once its parent process is no longer the
  /// one that started it, so a vibes killed with SIGKILL, which cannot run `shutdown()`, leaves no mpv behind.
  /// It reads its own parent from /proc/self/stat twice a second (no PID reuse race: a dead parent means a new
  /// parent, init or a subreaper).
  public static let parentWatchScript = """
    local parent = tonumber(mp.get_opt("vibes-parent") or "0")
    local function parent_now()
      local file = io.open("/proc/self/stat", "r")
      if not file then return nil end
      local line = file:read("*l")
      file:close()
      local rest = line and line:match("%) (.*)$")
      if not rest then return nil end
      local fields = {}
      for word in rest:gmatch("%S+") do fields[#fields + 1] = word end
      return tonumber(fields[2])
    end
    mp.add_periodic_timer(0.5, function()
      if parent_now() ~= parent then mp.command("quit") end
    end)

    """

  /// ffplay's arguments for one clip.
  public static func ffplayArguments(url: String) -> [String] {
    ["-nodisp", "-autoexit", "-loglevel", "quiet", url]
  }
}
