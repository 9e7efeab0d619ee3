import SchemaTestSupport
import TestSupport
import XCTest
@testable import Schema

/// The synthesis rules of docs/schema.md, one behaviour per test, newest emulator generation.
final class SynthesisTests: XCTestCase {
    private let listArgs = { (name: String) in
        "(where: \(name)_Filter, orderBy: [\(name)_Order!], offset: Int, limit: Int = 100, distinct: Boolean = false, having: \(name)_Having)"
    }

    func testImplicitID() throws {
        let schema = try Synthesize.schema("type Note @table { text: String! }")
        let id = try XCTUnwrap(schema.field("id", on: "Note"))
        XCTAssertEqual(id.type.description, "UUID!")
        XCTAssertEqual(id.origin.generated?.purpose, .implicitKeyField)
        XCTAssertEqual(id.origin.generated?.file, .implicit)
        XCTAssertEqual(schema.signature("note", on: "Query"), "(id: UUID, key: Note_Key, first: Note_FirstRow): Note")
        XCTAssertEqual(schema.signature("notes", on: "Query"), listArgs("Note") + ": [Note!]!")
        XCTAssertEqual(schema.inputFields("Note_Key"), ["id": "UUID", "id_expr": "UUID_Expr"])
        XCTAssertEqual(schema.entity(named: "Note")?.keyFields, ["id"])
        XCTAssertEqual(schema.field("text", on: "Note")?.origin.source?.range?.start.line, 1)
    }

    func testDeclaredStringID() throws {
        let schema = try Synthesize.schema("type User @table { id: String! name: String }")
        XCTAssertEqual(schema.type(named: "User")?.fields.filter { $0.origin.generated?.file == .implicit }.count, 0)
        let keyArgs = "id: String, id_expr: String_Expr, key: User_Key, first: User_FirstRow"
        XCTAssertEqual(schema.signature("user", on: "Query"), "(\(keyArgs)): User")
        XCTAssertEqual(schema.signature("user_update", on: "Mutation"), "(\(keyArgs), data: User_Data!): User_KeyOutput")
        XCTAssertEqual(schema.signature("user_delete", on: "Mutation"), "(\(keyArgs)): User_KeyOutput")
    }

    func testCustomScalarKey() throws {
        let schema = try Synthesize.schema(#"type User @table(key: "uid") { uid: String! }"#)
        XCTAssertEqual(schema.signature("user", on: "Query"), "(key: User_Key, first: User_FirstRow): User")
        XCTAssertEqual(schema.inputFields("User_Key"), ["uid": "String", "uid_expr": "String_Expr"])
        XCTAssertNil(schema.field("id", on: "User"))
    }

    func testCustomNames() throws {
        let schema = try Synthesize.schema("""
            type Movie @table { title: String! }
            type User @table { name: String! }
            type FavoriteMovie @table(singular: "favorite_movie", plural: "favorite_movies", key: ["user", "movie"]) {
              user: User!  movie: Movie!
            }
            """)
        XCTAssertNotNil(schema.field("favorite_movie_insert", on: "Mutation"))
        XCTAssertNotNil(schema.field("favorite_movies", on: "Query"))
        XCTAssertNotNil(schema.field("favorite_movies_on_movie", on: "Movie"))
        XCTAssertNotNil(schema.type(named: "FavoriteMovie_Data"))
    }

    func testRequiredAndOptionalReference() throws {
        let schema = try Synthesize.schema("""
            type User @table { name: String }
            type Post @table { author: User!  assignee: User }
            """)
        XCTAssertEqual(schema.field("authorId", on: "Post")?.type.description, "UUID!")
        XCTAssertEqual(schema.field("assigneeId", on: "Post")?.type.description, "UUID")
        XCTAssertEqual(schema.field("authorId", on: "Post")?.origin.generated?.purpose, .implicitRefField)
        let data = schema.inputFields("Post_Data")
        XCTAssertEqual(data["author"], "User_Key")
        XCTAssertEqual(data["authorId"], "UUID")
        XCTAssertEqual(data["authorId_expr"], "UUID_Expr")
        XCTAssertEqual(schema.inputFields("Post_Filter")["author"], "User_Filter")
        XCTAssertEqual(schema.inputFields("Post_Order")["author"], "User_Order")
        XCTAssertEqual(schema.signature("posts_on_author", on: "User"), listArgs("Post") + ": [Post!]!")
        XCTAssertEqual(schema.inputFields("User_Filter")["posts_on_author"], "Post_ListFilter")
        XCTAssertEqual(schema.inputFields("User_Data")["posts_on_author"], "[Post_Data!]")
        XCTAssertEqual(schema.type(named: "Post_Data")?.inputField(named: "author")?.isForbiddenInVariables, true)
        XCTAssertEqual(schema.type(named: "User_Data")?.inputField(named: "posts_on_author")?.isForbiddenInVariables, false)
    }

    func testReferenceToNonIDAndCompositeKeys() throws {
        let schema = try Synthesize.schema("""
            type User @table(key: "uid") { uid: String! }
            type Student @table { name: String }
            type Course @table { name: String }
            type Enrollment @table(key: ["student", "course"]) { student: Student!  course: Course! }
            type Grade @table { author: User!  enrollment: Enrollment! }
            """)
        XCTAssertEqual(schema.field("authorUid", on: "Grade")?.type.description, "String!")
        XCTAssertEqual(schema.field("enrollmentStudentId", on: "Grade")?.type.description, "UUID!")
        XCTAssertEqual(schema.field("enrollmentCourseId", on: "Grade")?.type.description, "UUID!")
        XCTAssertEqual(schema.entity(named: "Enrollment")?.keyFields, ["studentId", "courseId"])
    }

    func testRefWithDeclaredForeignKeyAndReferences() throws {
        let schema = try Synthesize.schema("""
            type Company @table { name: String }
            type StaffUser @table(key: "id") { id: UUID!  uid: String! @unique }
            type Branch @table {
              company: Company @ref(fields: "companyId")
              companyId: UUID
              staff: StaffUser! @ref(fields: "staffUid", references: "uid")
              staffUid: String!
            }
            type StaffSession @table { staff: StaffUser! @ref(fields: "staffUid", references: "uid")  staffUid: String! }
            """)
        XCTAssertNil(schema.field("companyId", on: "Branch")?.origin.generated)
        XCTAssertNotNil(schema.field("staffSessions_on_staff", on: "StaffUser"))
        XCTAssertEqual(schema.entity(named: "StaffSession")?.references.first?.targetFields, ["uid"])
    }

    func testSelfReferenceAndOneToOne() throws {
        let schema = try Synthesize.schema("""
            type Task @table { parent: Task  title: String }
            type Book @table { title: String }
            type Card @table { book: Book! @unique }
            type User @table { name: String }
            type Profile @table(key: "user") { user: User!  bio: String }
            """)
        XCTAssertEqual(schema.field("parentId", on: "Task")?.type.description, "UUID")
        XCTAssertNotNil(schema.field("tasks_on_parent", on: "Task"))
        XCTAssertEqual(schema.inputFields("Task_Data")["tasks_on_parent"], "[Task_Data!]")
        XCTAssertEqual(schema.signature("card_on_book", on: "Book"), ": Card")
        XCTAssertEqual(schema.inputFields("Book_Filter")["card_on_book"], "Card_Filter")
        XCTAssertEqual(schema.inputFields("Book_Data")["card_on_book"], "Card_Data")
        XCTAssertNil(schema.inputFields("Book_Order")["card_on_book"])
        XCTAssertEqual(schema.inputFields("Profile_Key"), ["userId": "UUID", "userId_expr": "UUID_Expr"])
        XCTAssertEqual(schema.signature("profile", on: "Query"), "(key: Profile_Key, first: Profile_FirstRow): Profile")
        XCTAssertEqual(schema.signature("profile_on_user", on: "User"), ": Profile")
    }

    func testJoinTables() throws {
        let schema = try Synthesize.schema("""
            type Movie @table { title: String }
            type Actor @table { name: String }
            type MovieActor @table(key: ["movie", "actor"]) {
              id: UUID! @default(expr: "uuidV4()")
              movie: Movie!  actor: Actor!  role: String
            }
            type Triple @table(key: ["movie", "actor", "other"]) { movie: Movie!  actor: Actor!  other: Movie! }
            type Copy @table(key: ["movie", "code"]) { movie: Movie!  code: String! }
            """)
        XCTAssertEqual(schema.signature("actors_via_MovieActor", on: "Movie"), listArgs("MovieActor") + ": [Actor!]!")
        XCTAssertEqual(schema.signature("movies_via_MovieActor", on: "Actor"), listArgs("MovieActor") + ": [Movie!]!")
        XCTAssertNotNil(schema.field("movieActors_on_movie", on: "Movie"))
        XCTAssertEqual(schema.inputFields("Movie_Filter")["actors_via_MovieActor"], "Actor_ListFilter")
        XCTAssertNil(schema.inputFields("Movie_Data")["actors_via_MovieActor"])
        XCTAssertEqual(schema.signature("movieActor", on: "Query"), "(key: MovieActor_Key, first: MovieActor_FirstRow): MovieActor")
        let viaFields = schema.type(named: "Movie")?.fields.map(\.name).filter { $0.contains("_via_") } ?? []
        XCTAssertEqual(viaFields, ["actors_via_MovieActor"])
    }

    func testSelfJoin() throws {
        let schema = try Synthesize.schema("""
            type User @table { name: String }
            type Follow @table(key: ["follower", "followee"]) { follower: User!  followee: User! }
            """)
        XCTAssertEqual(schema.signature("users_via_Follow_on_followee", on: "User"), listArgs("Follow") + ": [User!]!")
        XCTAssertEqual(schema.signature("users_via_Follow_on_follower", on: "User"), listArgs("Follow") + ": [User!]!")
        XCTAssertNotNil(schema.field("follows_on_follower", on: "User"))
        XCTAssertNotNil(schema.field("follows_on_followee", on: "User"))
        XCTAssertNil(schema.field("users_via_Follow", on: "User"))
    }

    func testTimestampInCompositeKey() throws {
        let schema = try Synthesize.schema("""
            type Employee @table { name: String }
            type Policy @table { name: String }
            type Ack @table(key: ["employee", "policy", "createdAt"]) { employee: Employee!  policy: Policy!  createdAt: Timestamp! }
            """)
        let key = schema.inputFields("Ack_Key")
        XCTAssertEqual(key["createdAt_time"], "Timestamp_Relative")
        XCTAssertEqual(key["createdAt_expr"], "Timestamp_Expr")
        XCTAssertEqual(key["employeeId"], "UUID")
        XCTAssertNil(key["createdAt_update"])
    }

    func testDataVariantsAndLists() throws {
        let schema = try Synthesize.schema("""
            enum Status { OPEN CLOSED }
            type All @table {
              s: String  u: UUID  i: Int  big: Int64  f: Float  b: Boolean  d: Date  t: Timestamp  a: Any
              v: Vector @col(size: 3)  e: Status
              tags: [String]  scores: [Int!]!  statuses: [Status!]
            }
            """)
        let data = schema.inputFields("All_Data")
        let expected: [String: String] = [
            "s": "String", "s_expr": "String_Expr", "u": "UUID", "u_expr": "UUID_Expr",
            "i": "Int", "i_expr": "Int_Expr", "i_update": "[Int_Update!]",
            "big": "Int64", "big_expr": "Int64_Expr", "big_update": "[Int64_Update!]",
            "f": "Float", "f_expr": "Float_Expr", "f_update": "[Float_Update!]", "b": "Boolean", "b_expr": "Boolean_Expr",
            "d": "Date", "d_date": "Date_Relative", "d_expr": "Date_Expr", "d_update": "[Date_Update!]",
            "t": "Timestamp", "t_expr": "Timestamp_Expr", "t_time": "Timestamp_Relative", "t_update": "[Timestamp_Update!]",
            "a": "Any", "a_expr": "Any_Expr", "v": "Vector", "v_embed": "Vector_Embed", "e": "Status", "e_expr": "Status_Expr",
            "tags": "[String!]", "tags_update": "[String_ListUpdate!]", "scores": "[Int!]", "scores_update": "[Int_ListUpdate!]",
            "statuses": "[Status!]", "id": "UUID", "id_expr": "UUID_Expr",
        ]
        XCTAssertEqual(data, expected)
        let filter = schema.inputFields("All_Filter")
        XCTAssertEqual(filter["tags"], "String_ListFilter")
        XCTAssertEqual(filter["scores"], "Int_ListFilter")
        XCTAssertEqual(filter["statuses"], "Status_ListFilter")
        XCTAssertEqual(filter["e"], "Status_Filter")
        XCTAssertNil(schema.inputFields("All_Order")["tags"])
        XCTAssertNil(schema.field("tags_count", on: "All"))
        XCTAssertEqual(schema.type(named: "All_Data")?.inputField(named: "s_expr")?.isForbiddenInVariables, true)
        XCTAssertEqual(schema.type(named: "All_Data")?.inputField(named: "s")?.isForbiddenInVariables, false)
    }

    func testAggregates() throws {
        let schema = try Synthesize.schema("""
            enum E { X }
            type T @table { n: Int  big: Int64  f: Float  s: String  b: Boolean  d: Date  t: Timestamp  a: Any  e: E  v: Vector @col(size: 2) }
            """)
        XCTAssertEqual(schema.signature("n_sum", on: "T"), "(distinct: Boolean = false): Int")
        XCTAssertEqual(schema.signature("big_sum", on: "T"), "(distinct: Boolean = false): Int64")
        XCTAssertEqual(schema.signature("f_avg", on: "T"), "(distinct: Boolean = false): Float")
        XCTAssertEqual(schema.signature("a_min", on: "T"), ": Any")
        XCTAssertEqual(schema.signature("d_max", on: "T"), ": Date")
        XCTAssertEqual(schema.signature("_count", on: "T"), ": Int!")
        for column in ["n", "big", "f", "s", "b", "d", "t", "a", "e", "v", "id"] {
            XCTAssertEqual(schema.signature("\(column)_count", on: "T"), "(distinct: Boolean = false): Int!", column)
        }
        for missing in ["s_min", "b_max", "e_min", "v_max", "s_sum", "d_sum", "t_avg"] {
            XCTAssertNil(schema.field(missing, on: "T"), missing)
        }
        let having = schema.inputFields("T_Having")
        XCTAssertEqual(having["n_sum"], "Int_Filter")
        XCTAssertEqual(having["big_sum"], "Int64_Filter")
        XCTAssertEqual(having["a_min"], "Any_Filter")
        XCTAssertEqual(having["_count"], "Int_Filter")
        XCTAssertEqual(having["_distinct"], "Boolean")
        XCTAssertEqual(schema.inputFields("T_Order")["f_avg"], "OrderDirection")
        XCTAssertEqual(schema.inputFields("T_Order")["v"], "OrderDirection")
    }

    func testEnumHelpersForUnusedEnum() throws {
        let schema = try Synthesize.schema("enum Mood { HAPPY SAD }\ntype T @table { x: Int }")
        XCTAssertEqual(schema.type(named: "Mood_Expr")?.kind, .scalar)
        XCTAssertEqual(schema.inputFields("Mood_Filter")["gt_expr"], "Mood_Expr")
        let list = try XCTUnwrap(schema.type(named: "Mood_ListFilter"))
        XCTAssertEqual(list.inputField(named: "count")?.defaultValue?.description, "{gt: 0}")
        XCTAssertEqual(list.inputField(named: "exist")?.type.description, "Mood_Filter")
    }

    func testVectorSimilarityAndSearch() throws {
        let schema = try Synthesize.schema("""
            type Doc @table { emb: Vector @col(size: 768)  title: String @searchable  body: String @searchable(language: "french") }
            """)
        XCTAssertEqual(schema.signature("docs_emb_similarity", on: "Query"),
                       "(compare: Vector, compare_embed: Vector_Embed, method: VectorSimilarityMethod = INNER_PRODUCT, within: Float, "
                       + "where: Doc_Filter, limit: Int = 100, offset: Int): [Doc!]!")
        let search = try XCTUnwrap(schema.field("docs_search", on: "Query"))
        XCTAssertEqual(search.arguments.count, 9)
        XCTAssertEqual(search.argument(named: "queryFormat")?.defaultValue, .enumValue("QUERY"))
        XCTAssertEqual(schema.type(named: "Query")?.fields.filter { $0.name.hasSuffix("_search") }.count, 1)
    }

    func testMutationSet() throws {
        let schema = try Synthesize.schema("type Note @table { text: String! }")
        let expected = [
            "note_insert": "(data: Note_Data!): Note_KeyOutput!",
            "note_insertMany": "(data: [Note_Data!]!): [Note_KeyOutput!]!",
            "note_upsert": "(data: Note_Data!): Note_KeyOutput!",
            "note_upsertMany": "(data: [Note_Data!]!): [Note_KeyOutput!]!",
            "note_update": "(id: UUID, key: Note_Key, first: Note_FirstRow, data: Note_Data!): Note_KeyOutput",
            "note_updateMany": "(where: Note_Filter, all: Boolean = false, data: Note_Data!): Int!",
            "note_delete": "(id: UUID, key: Note_Key, first: Note_FirstRow): Note_KeyOutput",
            "note_deleteMany": "(where: Note_Filter, all: Boolean = false): Int!",
        ]
        for (name, signature) in expected { XCTAssertEqual(schema.signature(name, on: "Mutation"), signature, name) }
        XCTAssertEqual(schema.type(named: "Note_KeyOutput")?.kind, .scalar)
    }

    func testExtendTypeAndMultipleFiles() throws {
        let documents = try Synthesize.documents([
            "a/users.gql": "type User @table { name: String }",
            "b/branch.gql": "type Branch @table { branchAdmin: User @ref(fields: \"branchAdminId\") }",
            "b/ext.gql": "extend type Branch { branchAdminId: UUID }\nenum Kind { A }",
        ])
        let (schema, diagnostics) = collecting { SchemaBuilder.build(userSchema: documents, diagnostics: &$0) }
        XCTAssertEqual(diagnostics.map(\.description), [])
        let branch = try XCTUnwrap(schema?.type(named: "Branch"))
        XCTAssertEqual(branch.field(named: "branchAdminId")?.origin.generated, nil)
        XCTAssertEqual(branch.field(named: "branchAdminId")?.origin.source?.file.path, "b/ext.gql")
        XCTAssertNotNil(schema?.type(named: "Kind_Filter"))
    }

    func testRelationFieldPlacementAndViews() throws {
        let schema = try Synthesize.schema("""
            type Restaurant @table { name: String }
            type Stat @view(sql: "SELECT 1") { count: Int  restaurant: Restaurant @unique }
            """)
        XCTAssertEqual(schema.signature("_metadata", on: "Restaurant"), ": _Metadata")
        XCTAssertEqual(schema.signature("_id", on: "Restaurant"), ": ID!")
        XCTAssertNotNil(schema.field("stats", on: "Query"))
        XCTAssertNil(schema.field("stat", on: "Query"))
        for name in ["Stat_Filter", "Stat_Order", "Stat_FirstRow", "Stat_ListFilter"] { XCTAssertNotNil(schema.type(named: name), name) }
        for name in ["Stat_Key", "Stat_Data", "Stat_KeyOutput"] { XCTAssertNil(schema.type(named: name), name) }
        XCTAssertNil(schema.field("stat_insert", on: "Mutation"))
        XCTAssertNil(schema.field("_id", on: "Stat"))
        XCTAssertNil(schema.field("id", on: "Stat"))
        XCTAssertEqual(schema.signature("stat_on_restaurant", on: "Restaurant"), ": Stat")
        XCTAssertNil(schema.inputFields("Restaurant_Data")["stat_on_restaurant"])
        XCTAssertEqual(schema.entity(named: "Stat")?.kind, .view)
    }
}
