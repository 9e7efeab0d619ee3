// Runs a query and a mutation of the generated LibrarySDK through the portable runtime against
// LoopbackServer, checking the exact requests and the typed results decoded from canned responses.

import Foundation
import SDKGenDataConnect
import LibrarySDK
import ScalarKitchen

/// The JSON text of `data` with sorted keys, so bodies compare independently of key order.
func canonicalJSON(_ data: Data) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
          let sorted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]) else {
        return "not JSON: " + String(decoding: data, as: UTF8.self)
    }
    return String(decoding: sorted, as: UTF8.self)
}

@MainActor
func runEndToEndChecks() async -> [String] {
    let checker = Checker()
    func check(_ condition: Bool, _ message: String, line: Int = #line) {
        checker.check(condition, "end-to-end: " + message, line: line)
    }
    // Variables compare by value (the generated `==` goes through `Compare.equal`).
    let tenAscending = ListBooksQuery.Variables { $0.limit = 10; $0.order = .ASC }
    check(tenAscending == ListBooksQuery.Variables { $0.limit = 10; $0.order = .ASC }, "equal variables")
    check(tenAscending != ListBooksQuery.Variables { $0.limit = 11; $0.order = .ASC }, "variables differing in one value")
    check(Set([tenAscending, ListBooksQuery.Variables { $0.limit = 10; $0.order = .ASC }]).count == 1, "hash of equal variables")
    let libraryId = UUID(uuidString: "B7ACD615-1140-48F6-A522-26260D5C9367")!
    let bookId = UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")!
    let libraryWire = "b7acd615114048f6a52226260d5c9367"
    let bookWire = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    let connectorName = "projects/sdkgen-e2e/locations/europe-west1/services/stacks/connectors/city-library"

    do {
        let server = try LoopbackServer(responses: [
            #"""
            {"data": {"card": {"libraryId": "\#(libraryId.uuidString)", "holder": "ada", "status": "SUSPENDED",
                      "library": {"name": "Central"},
                      "loans": [{"dueOn": "2030-01-31", "returned": false, "book": {"id": "\#(bookWire)", "title": "Dune"}}]}}}
            """#,
            #"{"data": {"cards": [{"holder": "ada", "status": "LOST", "books_via_Loan": [{"id": "\#(bookWire)", "title": "Dune"}]}]}}"#,
            #"{"data": {"book_insert": {"id": "\#(bookWire)"}}}"#,
        ])
        try DataConnectApp.configure(options: DataConnectAppOptions(
            projectID: "sdkgen-e2e", apiKey: "e2e-key", googleAppID: "1:42:ios:e2e",
            authTokenProvider: { _ in "e2e-token" }, requestTimeout: 20))
        let library = DataConnect.cityLibraryConnector
        library.useEmulator(host: "127.0.0.1", port: server.port)

        // Query whose variable is a key struct (UUID wire form inside); typed nested result.
        let cardKey = try decode(CardKey.self, #"{"libraryId": "\#(libraryWire)", "holder": "ada"}"#)
        let card = try await library.getCardQuery.execute(key: cardKey).data?.card
        check(card?.cardKey == cardKey, "card key decoded from a dashed upper-case UUID")
        check(card?.status == .SUSPENDED, "enum in result: \(String(describing: card?.status))")
        check(card?.library.name == "Central", "nested object in result")
        let dueOn = try LocalDate(year: 2030, month: 1, day: 31)
        check(card?.loans.count == 1 && card?.loans.first?.dueOn == dueOn, "date in nested list")
        check(card?.loans.first?.returned == false, "optional Bool in nested list")
        check(card?.loans.first?.book.bookKey.id == bookId && card?.loans.first?.book.title == "Dune", "nested key struct")

        // Query with one optional variable set and one left unset (omitted from the body).
        let cards = try await library.cardsByStatusQuery.execute { $0.statuses = [.ACTIVE, ._UNKNOWN("LOST")] }.data?.cards
        check(cards?.map(\.status) == [._UNKNOWN("LOST")], "unknown enum value in result")
        check(cards?.first?.books_via_Loan.map(\.id) == [bookId], "UUID in nested list")

        // Mutation with Int64 and UUID variables, one optional unset and one set to nil.
        let inserted = try await library.addBookMutation.execute(title: "Dune", libraryId: libraryId, copies: 3) {
            $0.pages = 412
            $0.tags = nil
        }
        check(inserted.data?.book_insert == card?.loans.first?.book.bookKey, "mutation result key struct")
        check(inserted.data?.book_insert.id == bookId, "mutation result key value")

        let expected: [(verb: String, body: String)] = [
            ("executeQuery", #"{"name": "\#(connectorName)", "operationName": "GetCard", "variables": {"key": {"libraryId": "\#(libraryWire)", "holder": "ada"}}}"#),
            ("executeQuery", #"{"name": "\#(connectorName)", "operationName": "CardsByStatus", "variables": {"statuses": ["ACTIVE", "LOST"]}}"#),
            ("executeMutation", #"""
            {"name": "\#(connectorName)", "operationName": "AddBook",
             "variables": {"title": "Dune", "libraryId": "\#(libraryWire)", "copies": "3", "pages": 412, "tags": null}}
            """#),
        ]
        let requests = server.requests
        check(server.problems.isEmpty, "stub server: \(server.problems)")
        check(requests.count == expected.count, "\(requests.count) requests received, expected \(expected.count)")
        for (request, expectation) in zip(requests, expected) {
            let operation = "request \(expectation.verb)"
            check(request.method == "POST", "\(operation): method \(request.method)")
            check(request.target == "/v1/\(connectorName):\(expectation.verb)?key=e2e-key", "\(operation): target \(request.target)")
            check(request.headers["content-type"] == "application/json", "\(operation): content type \(request.headers["content-type"] ?? "none")")
            check(request.headers["x-firebase-auth-token"] == "e2e-token", "\(operation): auth token header")
            check(request.headers["x-firebase-gmpid"] == "1:42:ios:e2e", "\(operation): app id header")
            check(request.headers["x-goog-api-client"]?.hasSuffix(" swift/gen") == true, "\(operation): api client header")
            let body = canonicalJSON(request.body)
            let wanted = canonicalJSON(Data(expectation.body.utf8))
            check(body == wanted, "\(operation): body\n  got:      \(body)\n  expected: \(wanted)")
        }
    } catch {
        checker.failures.append("end-to-end: unexpected error: \(error)")
    }

    // ScalarKitchen is generated with `observablePublisher: observableObject`: its refs
    // are `QueryRefObservableObject` on every platform, Linux included.
    do {
        let server = try LoopbackServer(responses: [#"{"data": {"listRows": []}}"#])
        let kitchen = DataConnect.scalarKitchenConnector
        kitchen.useEmulator(host: "127.0.0.1", port: server.port)
        let ref: QueryRefObservableObject<ListRowsQuery.Data, ListRowsQuery.Variables> = kitchen.listRowsQuery.ref(bigs: [1])
        let result = try await ref.execute()
        check(result.data?.listRows.isEmpty == true && result.source == .server, "observableObject query result")
        check(ref.data?.listRows.isEmpty == true && ref.source == .server, "observableObject ref state")
        check(server.requests.count == 1 && server.problems.isEmpty, "observableObject request: \(server.problems)")
    } catch {
        checker.failures.append("end-to-end: observableObject: unexpected error: \(error)")
    }
    return checker.failures
}

