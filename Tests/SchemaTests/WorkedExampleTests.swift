import Diagnostics
import GraphQL
import SchemaTestSupport
import XCTest
@testable import Schema

/// A worked example (docs/schema.md, "Verification"): the generated fields and input types of its
/// schema, written out as SDL, must all be present in sdkgen's schema with the same types.
final class WorkedExampleTests: XCTestCase {
    static let userSchema = """
        enum Genre { FICTION NONFICTION POETRY }

        type Library @table { name: String!  city: String }

        type Author @table(key: "penName") {
          penName: String!
          born: Date
          mentor: Author
        }

        type Book @table(key: ["library", "isbn"]) {
          library: Library!
          isbn: String!
          title: String! @searchable
          genre: Genre
          tags: [String!]
          pages: Int
          price: Float
          publishedAt: Timestamp
          embedding: Vector @col(size: 768)
        }

        type BookAuthor @table(key: ["book", "author"]) {
          book: Book!
          author: Author!
          role: String
        }

        type Card @table {
          book: Book! @unique
          shelfCode: String!
          copies: Int64
          extra: Any
        }
        """

    private static func list(_ name: String) -> String {
        "(where: \(name)_Filter, orderBy: [\(name)_Order!], offset: Int, limit: Int = 100, distinct: Boolean = false, having: \(name)_Having)"
    }

    private static let distinct = "(distinct: Boolean = false)"

    /// The expected generated fields and input types, with the argument lists written out.
    static let expected = """
        extend type Library { id: UUID! }
        extend type Author { mentorPenName: String }
        extend type Book { libraryId: UUID! }
        extend type BookAuthor { bookLibraryId: UUID!  bookIsbn: String!  authorPenName: String! }
        extend type Card { id: UUID!  bookLibraryId: UUID!  bookIsbn: String! }

        input Library_Key { id: UUID  id_expr: UUID_Expr }
        input Author_Key { penName: String  penName_expr: String_Expr }
        input Book_Key { libraryId: UUID  libraryId_expr: UUID_Expr  isbn: String  isbn_expr: String_Expr }
        input BookAuthor_Key {
          bookLibraryId: UUID  bookLibraryId_expr: UUID_Expr  bookIsbn: String  bookIsbn_expr: String_Expr
          authorPenName: String  authorPenName_expr: String_Expr
        }
        input Card_Key { id: UUID  id_expr: UUID_Expr }

        extend type Library {
          books_on_library\(list("Book")): [Book!]!
          _metadata: _Metadata
          _count: Int!  city_count\(distinct): Int!  id_count\(distinct): Int!  name_count\(distinct): Int!
          _id: ID!
        }
        extend type Author {
          authors_on_mentor\(list("Author")): [Author!]!
          bookAuthors_on_author\(list("BookAuthor")): [BookAuthor!]!
          books_via_BookAuthor\(list("BookAuthor")): [Book!]!
          _metadata: _Metadata
          _count: Int!  born_count\(distinct): Int!  mentorPenName_count\(distinct): Int!  penName_count\(distinct): Int!
          born_min: Date  born_max: Date
          _id: ID!
        }
        extend type Book {
          bookAuthors_on_book\(list("BookAuthor")): [BookAuthor!]!
          card_on_book: Card
          authors_via_BookAuthor\(list("BookAuthor")): [Author!]!
          _metadata: _Metadata
          _count: Int!
          embedding_count\(distinct): Int!  genre_count\(distinct): Int!  isbn_count\(distinct): Int!
          libraryId_count\(distinct): Int!  pages_count\(distinct): Int!  price_count\(distinct): Int!
          publishedAt_count\(distinct): Int!  title_count\(distinct): Int!
          pages_sum\(distinct): Int  price_sum\(distinct): Float
          pages_avg\(distinct): Float  price_avg\(distinct): Float
          pages_min: Int  price_min: Float  publishedAt_min: Timestamp
          pages_max: Int  price_max: Float  publishedAt_max: Timestamp
          _id: ID!
        }
        extend type BookAuthor { _metadata: _Metadata  _count: Int!  _id: ID! }
        extend type Card {
          _metadata: _Metadata  _count: Int!
          bookIsbn_count\(distinct): Int!  bookLibraryId_count\(distinct): Int!  copies_count\(distinct): Int!
          extra_count\(distinct): Int!  id_count\(distinct): Int!  shelfCode_count\(distinct): Int!
          copies_sum\(distinct): Int64  copies_avg\(distinct): Float
          copies_min: Int64  extra_min: Any  copies_max: Int64  extra_max: Any
          _id: ID!
        }

        input Book_Data {
          libraryId: UUID  libraryId_expr: UUID_Expr
          isbn: String  isbn_expr: String_Expr
          title: String  title_expr: String_Expr
          genre: Genre  genre_expr: Genre_Expr
          tags: [String!]  tags_update: [String_ListUpdate!]
          pages: Int  pages_expr: Int_Expr  pages_update: [Int_Update!]
          price: Float  price_expr: Float_Expr  price_update: [Float_Update!]
          publishedAt: Timestamp  publishedAt_expr: Timestamp_Expr
            publishedAt_time: Timestamp_Relative  publishedAt_update: [Timestamp_Update!]
          embedding: Vector  embedding_embed: Vector_Embed
          library: Library_Key
          bookAuthors_on_book: [BookAuthor_Data!]
          card_on_book: Card_Data
        }
        input Card_Data { copies: Int64  copies_expr: Int64_Expr  copies_update: [Int64_Update!]  extra: Any  extra_expr: Any_Expr }
        input Author_Data {
          born_date: Date_Relative  born_expr: Date_Expr  born_update: [Date_Update!]
          mentor: Author_Key  authors_on_mentor: [Author_Data!]  bookAuthors_on_author: [BookAuthor_Data!]
        }

        input Book_Filter {
          _and: [Book_Filter!]  _not: Book_Filter  _or: [Book_Filter!]
          libraryId: UUID_Filter  isbn: String_Filter  title: String_Filter  genre: Genre_Filter  tags: String_ListFilter
          pages: Int_Filter  price: Float_Filter  publishedAt: Timestamp_Filter  embedding: Vector_Filter
          library: Library_Filter  bookAuthors_on_book: BookAuthor_ListFilter  card_on_book: Card_Filter
          authors_via_BookAuthor: Author_ListFilter
        }
        input Book_Order {
          libraryId: OrderDirection  isbn: OrderDirection  title: OrderDirection  genre: OrderDirection
          pages: OrderDirection  price: OrderDirection  publishedAt: OrderDirection  embedding: OrderDirection
          library: Library_Order
          _count: OrderDirection  embedding_count: OrderDirection  genre_count: OrderDirection  isbn_count: OrderDirection
          libraryId_count: OrderDirection  pages_count: OrderDirection  price_count: OrderDirection
          publishedAt_count: OrderDirection  title_count: OrderDirection  pages_sum: OrderDirection  price_sum: OrderDirection
          pages_avg: OrderDirection  price_avg: OrderDirection  pages_min: OrderDirection  price_min: OrderDirection
          publishedAt_min: OrderDirection  pages_max: OrderDirection  price_max: OrderDirection  publishedAt_max: OrderDirection
        }

        extend type Query {
          book(key: Book_Key, first: Book_FirstRow): Book
          books\(list("Book")): [Book!]!
          books_embedding_similarity(compare: Vector, compare_embed: Vector_Embed,
            method: VectorSimilarityMethod = INNER_PRODUCT, within: Float,
            where: Book_Filter, limit: Int = 100, offset: Int): [Book!]!
          books_search(where: Book_Filter, orderBy: [Book_Order!], offset: Int, limit: Int = 100, distinct: Boolean = false,
            having: Book_Having, query: String, relevanceThreshold: Float = 0,
            queryFormat: Search_QueryFormat = QUERY): [Book!]!
          card(id: UUID, key: Card_Key, first: Card_FirstRow): Card
          author(key: Author_Key, first: Author_FirstRow): Author
        }
        extend type Mutation {
          book_update(key: Book_Key, first: Book_FirstRow, data: Book_Data!): Book_KeyOutput
          card_delete(id: UUID, key: Card_Key, first: Card_FirstRow): Card_KeyOutput
        }

        scalar Genre_Expr
        input Genre_Filter { eq: Genre }
        input Genre_ListFilter { includes: Genre }
        """

    func testWorkedExample() throws {
        let schema = try Synthesize.schema(Self.userSchema)
        // The listings as a schema of their own.
        let listing = try Parser.parseDocument(SourceFile(path: "expected.gql", text: Self.expected))
        var expected = Schema()
        XCTAssertEqual(SDLSchemaLoader.load([Self.declaringFirstExtensions(listing)], into: &expected).map(\.description), [])
        let comparison = SchemaComparison(reference: expected, candidate: schema)
        XCTAssertEqual(comparison.differences.map(\.description), [])
        XCTAssertGreaterThan(comparison.compared, 250)
        print("Worked example: \(comparison.compared) elements compared, \(comparison.differences.count) differences")
        XCTAssertNil(schema.field("author", on: "Query")?.argument(named: "id"))
        XCTAssertNil(schema.inputFields("Book_Order")["tags"])
        XCTAssertNil(schema.inputFields("Book_Order")["card_on_book"])
    }

    /// Turns the first `extend type X` of each type into a definition of X, so that the listing
    /// loads on an empty schema.
    private static func declaringFirstExtensions(_ document: Document) -> Document {
        var result = document
        var declared: Set<String> = []
        result.definitions = document.definitions.map { definition in
            switch definition {
            case .typeExtension(let node) where node.kind == .object && declared.insert(node.name.value).inserted:
                return .type(node)
            case .type(let node):
                declared.insert(node.name.value)
                return definition
            default:
                return definition
            }
        }
        return result
    }
}
