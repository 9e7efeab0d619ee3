import Foundation
import XCTest
@testable import SDKGenDataConnect

final class CodecTests: XCTestCase {
    private struct Box<Value: Codable>: Codable {
        var value: Value
        enum CodingKeys: String, CodingKey { case value }
        init(_ value: Value) { self.value = value }
        init(from decoder: Decoder) throws {
            var container = try decoder.container(keyedBy: CodingKeys.self)
            value = try CodecHelper<CodingKeys>().decode(Value.self, forKey: .value, container: &container)
        }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try CodecHelper<CodingKeys>().encode(value, forKey: .value, container: &container)
        }
    }

    private func roundTrip<Value: Codable>(_ value: Value) throws -> (String, Value) {
        let json = try sortedJSON(Box(value))
        return (json, try JSONDecoder().decode(Box<Value>.self, from: Data(json.utf8)).value)
    }

    private func decode<Value: Codable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(Box<Value>.self, from: Data(json.utf8)).value
    }

    func testUUIDIsLowercaseHexWithoutDashes() throws {
        let (json, back) = try roundTrip(Sample.uuid)
        XCTAssertEqual(json, "{\"value\":\"\(Sample.uuidWire)\"}")
        XCTAssertEqual(back, Sample.uuid)
    }

    func testDashedUUIDIsAcceptedOnDecode() throws {
        XCTAssertEqual(try decode(UUID.self, "{\"value\":\"b7acd615-1140-48f6-a522-26260d5c9367\"}"), Sample.uuid)
    }

    func testInvalidUUIDFailsWithPath() {
        XCTAssertThrowsError(try decode(UUID.self, "{\"value\":\"b7acd615114048f6a52226260d5c936z\"}")) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: nil), "value: expected UUID, found \"b7acd615114048f6a52226260d5c936z\"")
        }
        XCTAssertThrowsError(try decode(UUID.self, "{\"value\":\"abc\"}"))
    }

    func testInt64IsADecimalString() throws {
        let (json, back) = try roundTrip(Int64.max)
        XCTAssertEqual(json, "{\"value\":\"9223372036854775807\"}")
        XCTAssertEqual(back, Int64.max)
        XCTAssertEqual(try roundTrip(Int64.min).0, "{\"value\":\"-9223372036854775808\"}")
    }

    func testInt64AcceptsANumberButNotGarbage() throws {
        XCTAssertEqual(try decode(Int64.self, "{\"value\":42}"), 42)
        XCTAssertThrowsError(try decode(Int64.self, "{\"value\":\"4x2\"}")) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: nil), "value: expected Int64, found \"4x2\"")
        }
    }

    func testListsOfUUIDAndInt64UseWireFormsElementWise() throws {
        let (uuidJSON, uuids) = try roundTrip([Sample.uuid, Sample.uuid2])
        XCTAssertEqual(uuidJSON, "{\"value\":[\"\(Sample.uuidWire)\",\"\(Sample.uuid2Wire)\"]}")
        XCTAssertEqual(uuids, [Sample.uuid, Sample.uuid2])

        let (intJSON, ints) = try roundTrip([Int64(1), -2, Int64.max])
        XCTAssertEqual(intJSON, "{\"value\":[\"1\",\"-2\",\"9223372036854775807\"]}")
        XCTAssertEqual(ints, [1, -2, Int64.max])
    }

    func testNestedAndOptionalListsUseWireForms() throws {
        let (json, back) = try roundTrip([[Sample.uuid], []] as [[UUID]])
        XCTAssertEqual(json, "{\"value\":[[\"\(Sample.uuidWire)\"],[]]}")
        XCTAssertEqual(back, [[Sample.uuid], []])

        let (optionalJSON, optionalBack) = try roundTrip([Int64(7), nil] as [Int64?])
        XCTAssertEqual(optionalJSON, "{\"value\":[\"7\",null]}")
        XCTAssertEqual(optionalBack, [7, nil])
    }

    func testOptionalsDecodeMissingAndNullAsNil() throws {
        XCTAssertNil(try decode(UUID?.self, "{}"))
        XCTAssertNil(try decode(UUID?.self, "{\"value\":null}"))
        XCTAssertEqual(try decode(UUID?.self, "{\"value\":\"\(Sample.uuidWire)\"}"), Sample.uuid)
        XCTAssertEqual(try roundTrip(nil as Int64?).0, "{\"value\":null}")
    }

    func testNonOptionalMissingOrNullFails() {
        XCTAssertThrowsError(try decode(String.self, "{}")) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: nil), "(root): missing key \"value\"")
        }
        XCTAssertThrowsError(try decode(Int.self, "{\"value\":null}")) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: nil), "value: expected Int, found null")
        }
    }

    func testOtherTypesUseTheirOwnCoding() throws {
        XCTAssertEqual(try roundTrip("a/b").0, "{\"value\":\"a\\/b\"}")
        XCTAssertEqual(try roundTrip(3.5).1, 3.5)
        XCTAssertEqual(try roundTrip(try LocalDate(year: 2024, month: 2, day: 29)).0, "{\"value\":\"2024-02-29\"}")
    }

    func testWireCodecCodesRootValues() throws {
        struct Root: Codable {
            var ids: [UUID]
            init(ids: [UUID]) { self.ids = ids }
            init(from decoder: Decoder) throws { ids = try WireCodec.decode([UUID].self, from: decoder) }
            func encode(to encoder: Encoder) throws { try WireCodec.encode(ids, to: encoder) }
        }
        let json = String(decoding: try JSONEncoder().encode(Root(ids: [Sample.uuid])), as: UTF8.self)
        XCTAssertEqual(json, "[\"\(Sample.uuidWire)\"]")
        XCTAssertEqual(try JSONDecoder().decode(Root.self, from: Data(json.utf8)).ids, [Sample.uuid])
    }

    func testWireCodecCodesUnkeyedContainers() throws {
        struct Pair: Codable, Equatable {
            var id: UUID
            var count: Int64
            init(id: UUID, count: Int64) { self.id = id; self.count = count }
            init(from decoder: Decoder) throws {
                var container = try decoder.unkeyedContainer()
                id = try WireCodec.decode(UUID.self, from: &container)
                count = try WireCodec.decode(Int64.self, from: &container)
            }
            func encode(to encoder: Encoder) throws {
                var container = encoder.unkeyedContainer()
                try WireCodec.encode(id, to: &container)
                try WireCodec.encode(count, to: &container)
            }
        }
        let pair = Pair(id: Sample.uuid2, count: 5)
        let json = String(decoding: try JSONEncoder().encode(pair), as: UTF8.self)
        XCTAssertEqual(json, "[\"\(Sample.uuid2Wire)\",\"5\"]")
        XCTAssertEqual(try JSONDecoder().decode(Pair.self, from: Data(json.utf8)), pair)
    }

    func testOptionalVariableTracksAssignment() throws {
        let unset = MovieVariables(id: Sample.uuid)
        XCTAssertFalse(unset.$limit.isSet)
        XCTAssertEqual(try sortedJSON(unset), "{\"id\":\"\(Sample.uuidWire)\"}")

        let explicitNil = MovieVariables(id: Sample.uuid) { $0.limit = nil }
        XCTAssertTrue(explicitNil.$limit.isSet)
        XCTAssertEqual(try sortedJSON(explicitNil), "{\"id\":\"\(Sample.uuidWire)\",\"limit\":null}")

        let set = MovieVariables(id: Sample.uuid) {
            $0.limit = 5
            $0.genre = "noir"
        }
        XCTAssertEqual(try sortedJSON(set), "{\"genre\":\"noir\",\"id\":\"\(Sample.uuidWire)\",\"limit\":5}")
    }

    func testOptionalVariableInitialValueCountsAsSet() {
        let wrapper = OptionalVariable<Int>(wrappedValue: nil)
        XCTAssertTrue(wrapper.isSet)
        XCTAssertFalse(OptionalVariable<Int>().isSet)
    }

    func testScalarVariablesEncodeEveryWireForm() throws {
        var variables = ScalarVariables(
            ids: [Sample.uuid], counts: [1, Int64.max], big: -3,
            day: try LocalDate(year: 2001, month: 9, day: 9),
            at: Timestamp(seconds: 1_000_000_000, nanoseconds: 5_000_000))
        XCTAssertEqual(
            try sortedJSON(variables),
            "{\"at\":\"2001-09-09T01:46:40.005Z\",\"big\":\"-3\",\"counts\":[\"1\",\"9223372036854775807\"],"
                + "\"day\":\"2001-09-09\",\"ids\":[\"\(Sample.uuidWire)\"]}")
        variables.maybeIds = [nil, Sample.uuid2]
        XCTAssertTrue(try sortedJSON(variables).contains("\"maybeIds\":[null,\"\(Sample.uuid2Wire)\"]"))
    }

    func testDecodingFailureNamesTheJSONPath() throws {
        let json = "{\"movies\": [{\"id\": \"\(Sample.uuidWire)\", \"title\": \"A\", \"releaseYear\": \"1999\"}]}"
        let root = try JSONValue.parse(Data(json.utf8))
        XCTAssertThrowsError(try JSONDecoder().decode(MoviesData.self, from: Data(json.utf8))) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: root), "movies[0].releaseYear: expected Int, found String")
        }
    }

    func testDecodingFailureForObjectAndArrayMismatches() throws {
        let json = "{\"movies\": {\"id\": 1}}"
        let root = try JSONValue.parse(Data(json.utf8))
        XCTAssertThrowsError(try JSONDecoder().decode(MoviesData.self, from: Data(json.utf8))) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: root), "movies: expected Array, found Object")
        }
        let missing = "{\"movies\": [{\"id\": \"\(Sample.uuidWire)\"}]}"
        XCTAssertThrowsError(try JSONDecoder().decode(MoviesData.self, from: Data(missing.utf8))) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: nil), "movies[0]: missing key \"title\"")
        }
    }

    func testPathSegmentsCodeAsStringsAndIntegers() throws {
        let path = try JSONDecoder().decode([DataConnectPathSegment].self, from: Data("[\"movies\", 3, \"title\"]".utf8))
        XCTAssertEqual(path, [.field("movies"), .listIndex(3), .field("title")])
        XCTAssertEqual(path.pathString, "movies[3].title")
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(path), as: UTF8.self), "[\"movies\",3,\"title\"]")
    }
}
