public enum VibesVersion {
  public static let string = "0.1.0"
}
