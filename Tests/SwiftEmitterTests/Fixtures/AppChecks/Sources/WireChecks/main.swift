// Run by the compile test (GeneratedPackageCompileTests): decodes and encodes generated types with
// the wire forms Data Connect uses, checking enums with unknown values, optional-variable encoding,
// keys, nested selections, keyword-named fields, lists and aggregates. EndToEndChecks.swift,
// RealtimeChecks.swift and the two loopback servers the test copies in (LoopbackServer.swift from
// Examples/LinuxMovies, RealtimeLoopbackServer.swift from the benchmark) are files of the same program.

import Foundation
import SDKGenDataConnect
import LibrarySDK
import ScalarKitchen

/// Collects failed checks; no global mutable state, so the program builds in Swift 5 and 6 mode.
final class Checker {
    var failures: [String] = []

    func check(_ condition: Bool, _ message: String, line: Int = #line) {
        if !condition { failures.append("line \(line): \(message)") }
    }
}

func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

func runChecks() -> [String] {
let checker = Checker()
func check(_ condition: Bool, _ message: String, line: Int = #line) { checker.check(condition, message, line: line) }
let libraryId = UUID(uuidString: "B7ACD615-1140-48F6-A522-26260D5C9367")!
let wireId = "b7acd615114048f6a52226260d5c9367"

do {
    // User enums: known values map to cases; unknown ones survive a round trip.
    check(try decode(CardStatus.self, "\"ACTIVE\"") == .ACTIVE, "known enum value")
    let lost = try decode(CardStatus.self, "\"LOST\"")
    check(lost == ._UNKNOWN("LOST"), "unknown enum value kept")
    check(try json(lost) == "\"LOST\"", "unknown enum value encodes back")
    check(CardStatus.EXPIRED.rawValue == "EXPIRED", "rawValue")
    check(try json(LibrarySDK.OrderDirection.DESC) == "\"DESC\"", "built-in enum")

    // Optional variables: unset ones are omitted, ones set to nil are sent as null.
    check(try json(ListBooksQuery.Variables()) == "{}", "no optional variable set")
    check(try json(ListBooksQuery.Variables { $0.limit = 20 }) == #"{"limit":20}"#, "one optional variable set")
    check(try json(ListBooksQuery.Variables { $0.limit = nil }) == #"{"limit":null}"#, "optional variable set to nil")
    check(ListBooksQuery.Variables { $0.limit = 1 } == ListBooksQuery.Variables { $0.limit = 1 }, "variables equality")
    check(ListBooksQuery.Variables { $0.limit = 1 } != ListBooksQuery.Variables { $0.limit = 2 }, "variables inequality")

    // Rows compare and hash by key; keys by their fields.
    let book = #"{"id":"\#(wireId)","title":"Dune"}"#
    let sameBook = try decode(ListLibrariesQuery.Data.Library.Book.self, book)
    let renamed = try decode(ListLibrariesQuery.Data.Library.Book.self, book.replacingOccurrences(of: "Dune", with: "Emma"))
    let otherBook = try decode(ListLibrariesQuery.Data.Library.Book.self, book.replacingOccurrences(of: "b7", with: "c7"))
    check(sameBook == renamed && Set([sameBook, renamed]).count == 1, "rows with the same key are equal")
    check(sameBook != otherBook && Set([sameBook, otherBook]).count == 2, "rows with other keys differ")
    check(sameBook.bookKey == renamed.bookKey && sameBook.bookKey != otherBook.bookKey, "key equality")

    // Required variables use the UUID and Int64 wire forms.
    let addBook = AddBookMutation.Variables(title: "Dune", libraryId: libraryId, copies: 3) { $0.tags = ["sf"] }
    check(try json(addBook) == #"{"copies":"3","libraryId":"\#(wireId)","tags":["sf"],"title":"Dune"}"#, "mutation variables: \(try json(addBook))")

    // Mutation results are key structs.
    let inserted = try decode(AddBookMutation.Data.self, #"{"book_insert":{"id":"\#(wireId)"}}"#)
    check(inserted.book_insert.id == libraryId, "inserted key")
    let deleted = try decode(DropCardMutation.Data.self, #"{"card_delete":null}"#)
    check(deleted.card_delete == nil, "nullable delete result")

    // Nested selections, composite keys, Identifiable by key, aliases.
    let card = try decode(GetCardQuery.Data.self, #"""
        {"card": {"libraryId": "\#(wireId)", "holder": "ada", "status": "FROZEN", "library": {"name": "Central"},
                  "loans": [{"dueOn": "2030-01-31", "returned": null, "book": {"id": "\#(wireId)", "title": "Dune"}}]}}
        """#).card
    check(card?.status == ._UNKNOWN("FROZEN"), "unknown enum inside data")
    check(card?.cardKey == card?.id, "composite key serves Identifiable")
    check(try card.map { try json($0.cardKey) } == #"{"holder":"ada","libraryId":"\#(wireId)"}"#, "key encoding")
    check(card?.loans.first?.dueOn.description == "2030-01-31", "date in nested list")
    check(card?.loans.first?.returned == nil, "null optional field")
    check(card?.loans.first?.book.bookKey.id == libraryId, "nested key")

    // Rows with the same key are equal even when other fields differ (Firebase's behaviour).
    let books = try decode(ListBooksQuery.Data.self, #"""
        {"books": [{"id": "\#(wireId)", "title": "A", "tags": null, "library": {"id": "\#(wireId)", "name": "x"}},
                   {"id": "\#(wireId)", "title": "B", "tags": ["t"], "library": {"id": "\#(wireId)", "name": "y"}}]}
        """#).books
    check(books.count == 2 && books[0] == books[1] && Set(books).count == 1, "key-only equality")
    check(books[1].tags == ["t"], "list field")

    // Keyword-named fields, Timestamp keys, aggregates, lists of UUID and Int64.
    let event = try decode(GetEventQuery.Data.self, #"""
        {"event": {"at": "2024-01-01T00:00:00Z", "kind": "k", "default": "d", "class": 1, "protocol": true}}
        """#).event
    check(event?.default == "d" && event?.class == 1 && event?.protocol == true, "keyword fields")
    check(event?.eventKey.kind == "k", "timestamp key")
    let counts = try decode(CountRequiredQuery.Data.self, #"""
        {"requireds": [{"_count": 2, "big_sum": "9223372036854775807", "ratio_avg": 0.5, "day_max": "2024-02-29"}]}
        """#).requireds.first
    check(counts?._count == 2 && counts?.big_sum == Int64.max && counts?.ratio_avg == 0.5, "aggregates")
    let rows = try decode(ListRowsQuery.Data.self, #"""
        {"listRows": [{"id": "\#(wireId)", "texts": null, "counts": [1], "bigs": ["1", "2"], "ratios": [0.5],
                       "flags": null, "refs": ["\#(wireId)"], "days": ["2024-01-02"], "ats": [], "moods": ["SAD", "NEW"]}]}
        """#).listRows.first
    check(rows?.bigs == [1, 2], "Int64 list")
    check(rows?.refs == [libraryId], "UUID list")
    check(rows?.moods == [.SAD, ._UNKNOWN("NEW")], "enum list with unknown value")
    let listVariables = ListRowsQuery.Variables(bigs: [5]) { $0.refs = [libraryId] }
    check(try json(listVariables) == #"{"bigs":["5"],"refs":["\#(wireId)"]}"#, "list variables: \(try json(listVariables))")
    let eventVariables = InsertEventMutation.Variables(at: Timestamp(seconds: 0, nanoseconds: 0), kind: "k") { $0.default = "d" }
    check(try json(eventVariables) == #"{"at":"1970-01-01T00:00:00Z","default":"d","kind":"k"}"#, "keyword variables: \(try json(eventVariables))")

    // Input objects: only set fields are sent, recursive fields work, wire forms apply inside.
    var filter = Optional_Filter(_not: Optional_Filter(big: Int64_Filter(gt: 3)), ref: UUID_Filter(eq: libraryId))
    filter._and = [Optional_Filter(day: Date_Filter(le: try LocalDate(year: 2024, month: 2, day: 29)))]
    let filterJSON = try json(FilterOptionalQuery.Variables { $0.where = filter })
    check(filterJSON == #"{"where":{"_and":[{"day":{"le":"2024-02-29"}}],"_not":{"big":{"gt":"3"}},"ref":{"eq":"\#(wireId)"}}}"#,
          "filter variables: \(filterJSON)")
    check(filter._not?.big?.gt == 3, "recursive field reads back")
    check(filter == filter && filter != Optional_Filter(), "input equality")
} catch {
    checker.failures.append("unexpected error: \(error)")
}
return checker.failures
}

let failures = runChecks() + (await runEndToEndChecks()) + (await runRealtimeChecks())
if failures.isEmpty {
    print("all wire checks passed")
} else {
    print(failures.joined(separator: "\n"))
    exit(1)
}

