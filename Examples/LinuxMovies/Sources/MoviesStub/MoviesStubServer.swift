import Foundation

/// A stand-in for the Data Connect service of the example's `movies` connector, listening on
/// 127.0.0.1 at a port the system picks. It speaks the REST protocol the portable runtime sends
/// (`POST .../connectors/movies:executeQuery` or `:executeMutation` with
/// `{"operationName", "variables"}`) and answers from movies kept in memory.
public final class MoviesStubServer: Sendable {
    private let server: LoopbackServer

    /// The port to pass to `useEmulator(host: "127.0.0.1", port:)`.
    public var port: Int { server.port }

    /// Starts serving on a background thread until the process ends.
    public init() throws {
        let store = MovieStore()
        server = try LoopbackServer { request, _ in
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
            let answer = store.answer(
                operationName: body["operationName"] as? String ?? "", variables: body["variables"] as? [String: Any] ?? [:])
            let data = (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
