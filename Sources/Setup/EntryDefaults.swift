import Diagnostics

/// The values `sdkgen init` uses for choices the user leaves out.
public enum EntryDefaults {
    /// `friendly-flix` -> `FriendlyFlixSDK`: the connector id in UpperCamelCase plus `SDK`, so the
    /// module never shares its name with the connector type inside it.
    public static func package(connectorId: String) -> String {
        let words = connectorId.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "SDK"
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// `dataconnect-generated/swift` beside the `dataconnect` folder of a Firebase project (where
    /// Firebase's CLI puts the other SDKs), or inside the project folder when it has another name;
    /// written relative to the connector folder.
    public static func outputDir(projectDirectory: String, connectorDirectory: String) -> String {
        let project = RelativePath.normalized(projectDirectory)
        let parts = RelativePath.components(project)
        let base = parts.last == "dataconnect" && parts.count > 1 ? "/" + parts.dropLast().joined(separator: "/") : project
        return RelativePath.path(base + "/dataconnect-generated/swift", relativeTo: RelativePath.normalized(connectorDirectory))
    }

    /// A Data Connect resource id from a folder name: `My App` -> `my-app`; `app` when nothing is left.
    public static func serviceId(folderName: String) -> String {
        let words = folderName.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.isEmpty ? "app" : words.joined(separator: "-")
    }
}
