import XCTest
@testable import SwiftEmitter

/// One test per rule of the emitter: a schema and operations in, the Swift the rule produces out,
/// written here so that the reason for each expectation is visible. Whole packages are pinned by
/// the golden sets (`GoldenFileTests`); these tests compare declarations without their layout.
final class EmitterRuleTests: XCTestCase {
    private let movie = "type Movie @table { title: String! rating: Float tags: [String!] genres: [String] }"

    func testOperationClassesAreUpperCamelCaseWithTheKindSuffix() throws {
        let package = try SwiftSnippet.package(schema: movie, operations: """
            query getMovieByID($id: UUID!) { movie(id: $id) { title } }
            mutation add_movie($title: String!) { movie_insert(data: {title: $title}) }
            """)
        XCTAssertSwift(package["Sources/Operations/GetMovieByIdQuery.swift"]?.declaration("class GetMovieByIdQuery"), contains: """
            public class GetMovieByIdQuery: @unchecked Sendable {
                public static let OperationName = "getMovieByID"
                public typealias Ref = QueryRefObservation<GetMovieByIdQuery.Data, GetMovieByIdQuery.Variables>
            """)
        XCTAssertSwift(package["Sources/Operations/AddMovieMutation.swift"]?.declaration("class AddMovieMutation"), contains: """
            public class AddMovieMutation: @unchecked Sendable {
                public static let OperationName = "add_movie"
                public typealias Ref = MutationRef<AddMovieMutation.Data, AddMovieMutation.Variables>
            """)
        XCTAssertSwift(package["Sources/TestConnClient.swift"], contains: """
            public var getMovieByIdQuery: GetMovieByIdQuery { GetMovieByIdQuery(dataConnect: dataConnect) }
            public var addMovieMutation: AddMovieMutation { AddMovieMutation(dataConnect: dataConnect) }
            """)
    }

    /// The connector id `test-conn` names the class, its accessor and the file prefix.
    func testConnectorClassAndAccessorComeFromTheConnectorId() throws {
        let package = try SwiftSnippet.package(schema: movie)
        XCTAssertSwift(package["Sources/TestConnClient.swift"]?.declaration("extension DataConnect"), equals: """
            public extension DataConnect {
                /// The `test-conn` connector, created on first use.
                static let testConnConnector: TestConnConnector = {
                    let dataConnect = DataConnect.dataConnect(
                        connectorConfig: TestConnConnector.connectorConfig, callerSDKType: .generated)
                    return TestConnConnector(dataConnect: dataConnect)
                }()
            }
            """)
        XCTAssertSwift(package["Sources/TestConnClient.swift"]?.declaration("static let connectorConfig"), equals: """
            public static let connectorConfig = ConnectorConfig(
                serviceId: "svc", location: "us-east1", connector: "test-conn")
            """)
        XCTAssertNotNil(package["Sources/TestConnKeys.swift"])
        XCTAssertNotNil(package["Sources/TestConnOperations.swift"])
    }

    /// A user enum keeps values it does not know, so an older app survives a schema that grows.
    func testUserEnumsKeepUnknownValues() throws {
        let swift = try SwiftSnippet.swift(schema: "enum Mood { HAPPY SAD } type Day @table { mood: Mood }")
        XCTAssertSwift(swift.declaration("enum Mood"), equals: """
            public enum Mood: Codable, Sendable, Hashable, Equatable {
                case HAPPY
                case SAD
                /// A value this SDK does not know yet, with its wire string.
                case _UNKNOWN(String)

                /// The string sent and received for this value.
                public var rawValue: String {
                    switch self {
                    case .HAPPY: return "HAPPY"
                    case .SAD: return "SAD"
                    case ._UNKNOWN(let value): return value
                    }
                }

                public init(from decoder: any Decoder) throws {
                    let value = try decoder.singleValueContainer().decode(String.self)
                    switch value {
                    case "HAPPY": self = .HAPPY
                    case "SAD": self = .SAD
                    default: self = ._UNKNOWN(value)
                    }
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(rawValue)
                }
            }
            """)
        // Data Connect's own enums are closed: they are part of the runtime's contract.
        XCTAssertSwift(swift.declaration("enum OrderDirection"), equals: """
            public enum OrderDirection: String, Codable, Sendable {
                case ASC = "ASC"
                case DESC = "DESC"
            }
            """)
    }

    /// A table's key struct holds its primary-key fields in declaration order; a reference in the
    /// key contributes the referenced table's key fields, prefixed with the field's name.
    func testKeyStructsFollowThePrimaryKey() throws {
        let swift = try SwiftSnippet.swift(schema: """
            type User @table(key: "uid") { uid: String! }
            type Review @table(key: ["movie", "user"]) { user: User! movie: Movie! }
            """ + movie)
        XCTAssertSwift(swift.declaration("struct ReviewKey"), equals: """
            /// The primary key of a row of table `Review`. Obtain one from query results or mutation responses.
            public struct ReviewKey {
                public private(set) var userUid: String
                public private(set) var movieId: UUID
            }
            """)
        XCTAssertSwift(swift.declaration("struct UserKey"), contains: "public struct UserKey { public private(set) var uid: String }")
        XCTAssertSwift(swift.declaration("extension ReviewKey: Codable"), contains: """
            try codecHelper.encode(self.userUid, forKey: "userUid", container: &container)
            try codecHelper.encode(self.movieId, forKey: "movieId", container: &container)
            """)
        // Keys compare and hash by every field.
        XCTAssertSwift(swift.declaration("extension ReviewKey: Equatable"), contains: """
            Compare.equal(self.userUid, other.userUid) && Compare.equal(self.movieId, other.movieId)
            """)
    }

    /// A nullable variable is optional to pass: unset it is left out of the request, set to nil
    /// it is sent as null. Required ones are initializer parameters, in declaration order.
    func testNullableVariablesAreOptionalVariables() throws {
        let swift = try SwiftSnippet.swift(schema: movie, operations: """
            query Q($title: String!, $limit: Int, $min: Float! = 3.5) { movies(where: {title: {eq: $title}, rating: {ge: $min}}, limit: $limit) { title } }
            """)
        let variables = swift.declaration("class QQuery")?.declaration("struct Variables")
        XCTAssertSwift(variables, contains: """
            public struct Variables: OperationVariable, FieldwiseEquatable {
                public var title: String
                @OptionalVariable public var limit: Int?
                @OptionalVariable public var min: Double?

                public init(title: String, _ optionalVars: ((inout Variables) -> Void)? = nil) {
                    self.title = title
                    optionalVars?(&self)
                }
            """)
        XCTAssertSwift(variables?.declaration("func encode"), contains: """
            try codecHelper.encode(self.title, forKey: "title", container: &container)
            if self.$limit.isSet {
                try codecHelper.encode(self.limit, forKey: "limit", container: &container)
            }
            """)
        XCTAssertSwift(swift.declaration("class QQuery")?.declaration("func ref"), equals: """
            public func ref(
                title: String,
                _ optionalVars: ((inout QQuery.Variables) -> Void)? = nil
            ) -> QueryRefObservation<QQuery.Data, QQuery.Variables> {
                var variables = QQuery.Variables(title: title)
                optionalVars?(&variables)
                return self.typedRef(variables)
            }
            """)
    }

    /// A nullable field is an optional property; a list is an array, optional when the list is
    /// nullable, whatever its elements are.
    func testNullabilityAndListsOfFields() throws {
        let swift = try SwiftSnippet.swift(schema: movie, operations: "query Q { movies { title rating tags genres } }")
        let row = swift.declaration("struct Movie:")
        XCTAssertSwift(row, contains: """
            public var title: String
            public var rating: Double?
            public var tags: [String]?
            public var genres: [String]?
            """)
        XCTAssertSwift(row?.declaration("init(from decoder"), contains: """
            self.title = try codecHelper.decode(String.self, forKey: "title", container: &container)
            self.rating = try codecHelper.decode(Double?.self, forKey: "rating", container: &container)
            self.tags = try codecHelper.decode([String]?.self, forKey: "tags", container: &container)
            """)
        XCTAssertSwift(swift.declaration("struct Data"), contains: "public var movies: [Movie]")
    }

    /// A nested selection is a struct inside its parent's, named after the type and the alias;
    /// the property keeps the alias, and decoding reads the alias from the JSON.
    func testNestedSelectionsAndAliases() throws {
        let swift = try SwiftSnippet.swift(schema: """
            type Library @table { name: String! city: String }
            type Book @table { title: String! library: Library! }
            """, operations: "query Q { books { title shelf: library { city } } best: books(limit: 1) { title } }")
        XCTAssertSwift(swift.declaration("struct Book:")?.declaration("struct LibraryShelf"), contains: """
            public struct LibraryShelf: Decodable, Sendable {
                public var city: String?
            """)
        XCTAssertSwift(swift.declaration("struct Book:"), contains: """
            public var shelf: LibraryShelf
            """)
        XCTAssertSwift(swift.declaration("struct Book:"), contains: """
            self.shelf = try codecHelper.decode(LibraryShelf.self, forKey: "shelf", container: &container)
            """)
        XCTAssertSwift(swift.declaration("struct Data"), contains: "public var books: [Book]")
        XCTAssertSwift(swift.declaration("struct Data"), contains: "public var best: [BookBest]")
        XCTAssertSwift(swift.declaration("struct Data"), contains: """
            self.best = try codecHelper.decode([BookBest].self, forKey: "best", container: &container)
            """)
    }

    /// Fragments are spread into the selection: their fields become properties as if written out.
    func testFragmentFieldsArePartOfTheSelection() throws {
        let spread = try SwiftSnippet.swift(schema: movie, operations: """
            query Q { movies { ...Basics rating } }
            fragment Basics on Movie { title }
            """)
        let written = try SwiftSnippet.swift(schema: movie, operations: "query Q { movies { title rating } }")
        XCTAssertSwift(spread.declaration("struct Movie:"), contains: """
            public var title: String
            public var rating: Double?
            """)
        XCTAssertEqual(spread.declaration("class QQuery")?.text, written.declaration("class QQuery")?.text)
    }

    /// A row whose selection holds its table's key is `Hashable` and `Equatable` by that key (as
    /// Firebase's SDK does), offers the key as `<name>Key` and, when no field is named `id`, as
    /// `id` for `Identifiable`.
    func testRowsWithTheirKeyAreIdentifiedByIt() throws {
        let swift = try SwiftSnippet.swift(schema: """
            type Card @table(key: ["holder", "number"]) { holder: String! number: Int! note: String }
            """, operations: "query Q { cards { holder number note } }")
        let card = swift.declaration("struct Card:")
        XCTAssertSwift(card, contains: "public struct Card: Decodable, Sendable, Hashable, Equatable, Identifiable, FieldwiseEquatable {")
        XCTAssertSwift(card?.declaration("var cardKey"), equals: """
            /// The primary key of this row.
            public var cardKey: CardKey {
                CardKey(holder: self.holder, number: self.number)
            }
            """)
        XCTAssertSwift(card?.declaration("var id"), equals: """
            /// The primary key, for `Identifiable`.
            public var id: CardKey {
                CardKey(holder: self.holder, number: self.number)
            }
            """)
        XCTAssertSwift(card?.declaration("func hash"), equals: """
            public func hash(into hasher: inout Hasher) {
                hasher.combine(self.holder)
                hasher.combine(self.number)
            }
            """)
        XCTAssertSwift(card, contains: "// Rows are the same entity when their keys match (Firebase's behaviour).")
        // Without the key the row is a plain value.
        let keyless = try SwiftSnippet.swift(schema: "type Card @table(key: [\"holder\", \"number\"]) { holder: String! number: Int! }",
                                             operations: "query Q { cards { holder } }")
        XCTAssertSwift(keyless.declaration("struct Card:"), contains: "public struct Card: Decodable, Sendable {")
    }

    /// Descriptions become doc comments: of operations on their class, of enums and their values.
    func testDescriptionsBecomeDocComments() throws {
        let swift = try SwiftSnippet.swift(schema: """
            "How the day went." enum Mood { "Fine." HAPPY SAD } type Day @table { mood: Mood }
            """ + movie, operations: """
            "Every movie, by title.\\nAt most 10."
            query Q { movies(limit: 10) { title } }
            """)
        XCTAssertSwift(swift.declaration("class QQuery"), contains: """
            /// Every movie, by title.
            /// At most 10.
            public class QQuery: @unchecked Sendable {
            """)
        XCTAssertSwift(swift.declaration("enum Mood"), contains: """
            /// How the day went.
            public enum Mood: Codable, Sendable, Hashable, Equatable {
                /// Fine.
                case HAPPY
                case SAD
            """)
    }

    /// Swift keywords are escaped with backticks as names, and stay bare as JSON keys and labels
    /// where Swift allows them.
    func testKeywordsAreEscaped() throws {
        let swift = try SwiftSnippet.swift(schema: "type Thing @table { class: String! default: Int }",
                                           operations: "query Q($class: String!) { things(where: {class: {eq: $class}}) { class default } }")
        XCTAssertSwift(swift.declaration("struct Thing:"), contains: """
            public var `class`: String
            public var `default`: Int?
            """)
        XCTAssertSwift(swift.declaration("struct Thing:"), contains: """
            self.`class` = try codecHelper.decode(String.self, forKey: "class", container: &container)
            """)
        XCTAssertSwift(swift.declaration("class QQuery")?.declaration("func execute"), contains: """
            public func execute(`class`: String) async throws -> OperationResult<QQuery.Data> {
                let variables = QQuery.Variables(class: `class`)
            """)
    }

    /// A mutation's result is the key of the row it wrote (optional where nothing may match), a
    /// count for the `Many` forms, and one property per field of a multi-step `@transaction`.
    func testMutationResultShapes() throws {
        let swift = try SwiftSnippet.swift(schema: movie, operations: """
            mutation M($id: UUID!, $title: String!) @transaction {
              added: movie_insert(data: {title: $title})
              movie_update(id: $id, data: {title: $title})
              movie_delete(id: $id)
              movie_deleteMany(all: true)
            }
            """)
        XCTAssertSwift(swift.declaration("class MMutation")?.declaration("struct Data"), contains: """
            public struct Data: Decodable, Sendable {
                public var added: MovieKey
                public var movie_update: MovieKey?
                public var movie_delete: MovieKey?
                public var movie_deleteMany: Int
            """)
        XCTAssertSwift(swift.declaration("class MMutation")?.declaration("func execute"), equals: """
            @MainActor
            public func execute(id: UUID, title: String) async throws -> OperationResult<MMutation.Data> {
                let variables = MMutation.Variables(id: id, title: title)
                return try await self.typedRef(variables).execute()
            }
            """)
    }

    /// Data Connect's scalars map to the runtime's Swift types, in variables and results alike.
    func testScalarsMapToSwiftTypes() throws {
        let swift = try SwiftSnippet.swift(schema: """
            type Event @table { big: Int64! day: Date! at: Timestamp! blob: Any! ratio: Float! ref: UUID! on: Boolean! n: Int! }
            """, operations: "query Q($big: Int64!, $day: Date) { events(where: {big: {eq: $big}, day: {eq: $day}}) { big day at blob ratio ref on n } }")
        XCTAssertSwift(swift.declaration("struct Event:"), contains: """
            public var big: Int64
            public var day: LocalDate
            public var at: Timestamp
            public var blob: AnyValue
            public var ratio: Double
            public var ref: UUID
            public var on: Bool
            public var n: Int
            """)
        XCTAssertSwift(swift.declaration("class QQuery")?.declaration("struct Variables"), contains: """
            public var big: Int64
            @OptionalVariable public var day: LocalDate?
            """)
    }

    /// Aggregates are named by the field and the function, nullable except `_count`.
    func testAggregatesAreNamedFields() throws {
        let swift = try SwiftSnippet.swift(schema: movie, operations: "query Q { movies { _count rating_avg rating_max } }")
        XCTAssertSwift(swift.declaration("struct Movie:"), contains: """
            public var _count: Int
            public var rating_avg: Double?
            public var rating_max: Double?
            """)
    }
}
