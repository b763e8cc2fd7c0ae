import Foundation

/// Which store to use, from VIBES_SECRET_STORE.
public enum SecretStoreMode: String, Sendable {
  case auto
  case secretService = "secret-service"
  case vault

  public static let environmentVariable = "VIBES_SECRET_STORE"

  /// Unset or empty means `.auto`; anything else unknown is an error rather than a silent default.
  public init(environment: [String: String]) throws {
    let raw =
      environment[Self.environmentVariable]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    if raw.isEmpty {
      self = .auto
      return
    }
    guard let mode = SecretStoreMode(rawValue: raw) else {
      throw SecretStoreError.invalidConfiguration(
        "\(Self.environmentVariable) must be auto, secret-service or vault (got \"\(raw)\")")
    }
    self = mode
  }
}

public struct SecretStoreSelection: Sendable {
  public var store: any SecretStore
  /// Set when auto mode fell back to the vault (e.g. "no session bus (…)"), for the UI to say plainly.
  public var fallbackReason: String?

  /// The same reason as a value, for the UI to word in the user's language.
  public var fallback: SecretServiceUnavailability?

  public init(store: any SecretStore, fallback: SecretServiceUnavailability? = nil) {
    self.store = store
    self.fallback = fallback
    self.fallbackReason = fallback?.description
  }
}

public enum SecretStoreFactory {
  /// mode from VIBES_SECRET_STORE=auto|secret-service|vault (default auto). Forcing secret-service when it is not
  /// available throws a clear error rather than silently falling back.
  /// Blocking (auto and secret-service run a probe through secret-tool): call it off the main thread.
  public static func make(environment: [String: String], paths: AppPaths, installation: String? = nil) throws
    -> SecretStoreSelection
  {
    let vault = { VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile) }
    switch try SecretStoreMode(environment: environment) {
    case .vault:
      return SecretStoreSelection(store: vault())
    case .secretService:
      if let reason = SecretServiceStore.unavailabilityReason(environment: environment) {
        throw SecretStoreError.unavailable(
          "\(reason) (\(SecretStoreMode.environmentVariable)=secret-service forbids falling back to the vault)"
        )
      }
      return SecretStoreSelection(store: SecretServiceStore(environment: environment, installation: installation))
    case .auto:
      // Secrets saved in the vault (say, over ssh) must not seem to vanish when a desktop session
      // later brings a Secret Service: an existing vault with secrets keeps being used.
      let existing = vault()
      do {
        if try !existing.storedKeys().isEmpty {
          return SecretStoreSelection(store: existing, fallback: .vaultAlreadyInUse)
        }
      } catch SecretStoreError.vaultKeyMissing, SecretStoreError.vaultKeyInvalid, SecretStoreError.vaultCorrupted {
        // A vault that cannot be opened still holds the user's secrets: keep it, so the app explains it and
        // offers the reset, rather than moving to the keyring as if there had never been a vault.
        return SecretStoreSelection(store: existing, fallback: .vaultAlreadyInUse)
      } catch {
        // Anything else (an insecure file, an I/O error): decide as if there were no vault, as before.
      }
      if let reason = SecretServiceStore.unavailability(environment: environment) {
        return SecretStoreSelection(store: vault(), fallback: reason)
      }
      return SecretStoreSelection(store: SecretServiceStore(environment: environment, installation: installation))
    }
  }
}
