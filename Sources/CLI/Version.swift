/// The version `sdkgen --version` prints, following semantic versioning.
public enum SDKGenVersion {
    public static let current = "0.1.0"
}
