import Foundation

/// A plain build's `sdkgen-fuzz TARGET FILE|FOLDER...`: replays input files through a target, to
/// reproduce what a fuzzer found.
enum Replay {
    static func run() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            fail("usage: sdkgen-fuzz \(names) FILE|FOLDER...", status: 2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { fail("sdkgen-fuzz: cannot read \(file)", status: 1) }
                target.run([UInt8](data))
                count += 1
            }
        }
        print("\(target.rawValue): \(count) inputs ran")
    }

    /// The file at `path`, or the files in the folder at `path`.
    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("sdkgen-fuzz: no such file or folder: \(path)", status: 1) }
        guard isFolder.boolValue else { return [path] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { fail("sdkgen-fuzz: cannot list \(path)", status: 1) }
        return names.sorted().map { path + "/" + $0 }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
