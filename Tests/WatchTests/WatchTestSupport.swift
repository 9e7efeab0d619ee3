@testable import Watch

extension ChangeSet {
    var added: [String] { paths(of: .added) }
    var modified: [String] { paths(of: .modified) }
    var removed: [String] { paths(of: .removed) }
}

#if os(Linux)
extension ChangeNotifier {
    /// The inotify watch of `folder`, if it has one.
    func currentWatch(of folder: String) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        return watches[folder]
    }
}
#endif
