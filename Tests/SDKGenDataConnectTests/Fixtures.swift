import Foundation
@testable import SDKGenDataConnect

// Types written the way sdkgen's generated code is (docs/generated-code.md).

struct NoVariables: OperationVariable {}

struct MovieVariables: OperationVariable {
    var id: UUID
    @OptionalVariable var limit: Int?
    @OptionalVariable var genre: String?

    enum CodingKeys: String, CodingKey {
        case id
        case limit
        case genre
    }

    init(id: UUID, _ optionalVars: ((inout MovieVariables) -> Void)? = nil) {
        self.id = id
        optionalVars?(&self)
    }

    static func == (lhs: MovieVariables, rhs: MovieVariables) -> Bool {
        lhs.id == rhs.id && lhs.limit == rhs.limit && lhs.genre == rhs.genre
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(limit)
        hasher.combine(genre)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let codecHelper = CodecHelper<CodingKeys>()
        try codecHelper.encode(id, forKey: .id, container: &container)
        if $limit.isSet { try codecHelper.encode(limit, forKey: .limit, container: &container) }
        if $genre.isSet { try codecHelper.encode(genre, forKey: .genre, container: &container) }
    }
}

/// Variables with list and special scalars, which Firebase encodes wrongly.
struct ScalarVariables: OperationVariable {
    var ids: [UUID]
    var counts: [Int64]
    var big: Int64
    var day: LocalDate
    var at: Timestamp
    @OptionalVariable var maybeIds: [UUID?]?

    enum CodingKeys: String, CodingKey {
        case ids, counts, big, day, at, maybeIds
    }

    static func == (lhs: ScalarVariables, rhs: ScalarVariables) -> Bool {
        lhs.ids == rhs.ids && lhs.counts == rhs.counts && lhs.big == rhs.big && lhs.day == rhs.day
            && lhs.at == rhs.at && lhs.maybeIds == rhs.maybeIds
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(big)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let codecHelper = CodecHelper<CodingKeys>()
        try codecHelper.encode(ids, forKey: .ids, container: &container)
        try codecHelper.encode(counts, forKey: .counts, container: &container)
        try codecHelper.encode(big, forKey: .big, container: &container)
        try codecHelper.encode(day, forKey: .day, container: &container)
        try codecHelper.encode(at, forKey: .at, container: &container)
        if $maybeIds.isSet { try codecHelper.encode(maybeIds, forKey: .maybeIds, container: &container) }
    }
}

struct MoviesData: Decodable, Sendable, Equatable {
    struct Movie: Decodable, Sendable, Equatable {
        var id: UUID
        var title: String
        var releaseYear: Int?

        enum CodingKeys: String, CodingKey {
            case id, title, releaseYear
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.container(keyedBy: CodingKeys.self)
            let codecHelper = CodecHelper<CodingKeys>()
            id = try codecHelper.decode(UUID.self, forKey: .id, container: &container)
            title = try codecHelper.decode(String.self, forKey: .title, container: &container)
            releaseYear = try codecHelper.decode(Int?.self, forKey: .releaseYear, container: &container)
        }
    }

    var movies: [Movie]
}

/// One field of every scalar type.
struct ScalarsData: Decodable, Sendable {
    struct Row: Decodable, Sendable {
        var text: String
        var count: Int
        var big: Int64
        var ratio: Double
        var flag: Bool
        var id: UUID
        var day: LocalDate
        var at: Timestamp
        var props: AnyValue
        var ids: [UUID]
        var bigs: [Int64]
        var maybeId: UUID?
        var maybeBig: Int64?
        var missing: String?

        enum CodingKeys: String, CodingKey {
            case text, count, big, ratio, flag, id, day, at, props, ids, bigs, maybeId, maybeBig, missing
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.container(keyedBy: CodingKeys.self)
            let helper = CodecHelper<CodingKeys>()
            text = try helper.decode(String.self, forKey: .text, container: &container)
            count = try helper.decode(Int.self, forKey: .count, container: &container)
            big = try helper.decode(Int64.self, forKey: .big, container: &container)
            ratio = try helper.decode(Double.self, forKey: .ratio, container: &container)
            flag = try helper.decode(Bool.self, forKey: .flag, container: &container)
            id = try helper.decode(UUID.self, forKey: .id, container: &container)
            day = try helper.decode(LocalDate.self, forKey: .day, container: &container)
            at = try helper.decode(Timestamp.self, forKey: .at, container: &container)
            props = try helper.decode(AnyValue.self, forKey: .props, container: &container)
            ids = try helper.decode([UUID].self, forKey: .ids, container: &container)
            bigs = try helper.decode([Int64].self, forKey: .bigs, container: &container)
            maybeId = try helper.decode(UUID?.self, forKey: .maybeId, container: &container)
            maybeBig = try helper.decode(Int64?.self, forKey: .maybeBig, container: &container)
            missing = try helper.decode(String?.self, forKey: .missing, container: &container)
        }
    }

    var row: Row
}

struct InsertData: Decodable, Sendable {
    struct MovieKey: Decodable, Sendable {
        var id: UUID
        enum CodingKeys: String, CodingKey { case id }
        init(from decoder: any Decoder) throws {
            var container = try decoder.container(keyedBy: CodingKeys.self)
            id = try CodecHelper<CodingKeys>().decode(UUID.self, forKey: .id, container: &container)
        }
    }

    var movie_insert: MovieKey
}

enum Sample {
    static let uuid = UUID(uuidString: "B7ACD615-1140-48F6-A522-26260D5C9367")!
    static let uuidWire = "b7acd615114048f6a52226260d5c9367"
    static let uuid2 = UUID(uuidString: "00000000-0000-0000-0000-0000000000AB")!
    static let uuid2Wire = "000000000000000000000000000000ab"

    static func moviesJSON(_ titles: [String]) -> String {
        let movies = titles.map { "{\"id\": \"\(uuidWire)\", \"title\": \"\($0)\", \"releaseYear\": 1999}" }
        return "{\"movies\": [\(movies.joined(separator: ", "))]}"
    }
}

/// Encodes with sorted keys, as the runtime does for variables.
func sortedJSON<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
