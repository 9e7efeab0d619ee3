import Foundation
import XCTest
@testable import SDKGenDataConnect

final class LocalDateTests: XCTestCase {
    func testParsesAndFormats() throws {
        let date = try LocalDate(localDateString: "0999-01-05")
        XCTAssertEqual(date.description, "0999-01-05")
        XCTAssertEqual(try LocalDate(year: 2024, month: 12, day: 31).description, "2024-12-31")
    }

    func testRejectsMalformedStrings() {
        for text in ["2024-1-05", "2024-01-5", "2024/01/05", "20240105", "2024-01-05T00:00", "２０２４-01-05", ""] {
            XCTAssertThrowsError(try LocalDate(localDateString: text), text) { error in
                XCTAssertEqual((error as? DataConnectCodecError)?.code, .invalidLocalDateFormat)
            }
        }
    }

    func testRejectsDaysThatDoNotExist() {
        XCTAssertThrowsError(try LocalDate(year: 2023, month: 2, day: 29))
        XCTAssertThrowsError(try LocalDate(year: 2024, month: 13, day: 1))
        XCTAssertThrowsError(try LocalDate(year: 0, month: 1, day: 1))
        XCTAssertThrowsError(try LocalDate(localDateString: "2100-02-29"))
        XCTAssertNoThrow(try LocalDate(localDateString: "2000-02-29"))
    }

    func testDateRoundTripsThroughTheCurrentTimeZone() throws {
        let local = try LocalDate(year: 2021, month: 3, day: 14)
        XCTAssertEqual(LocalDate(date: local.date), local)
        let components = Calendar(identifier: .gregorian).dateComponents(in: TimeZone.current, from: local.date)
        XCTAssertEqual([components.year, components.month, components.day, components.hour], [2021, 3, 14, 0])
    }

    func testComparesByDay() throws {
        XCTAssertLessThan(try LocalDate(year: 2020, month: 12, day: 31), try LocalDate(year: 2021, month: 1, day: 1))
        XCTAssertEqual(try LocalDate(localDateString: "2021-01-01"), try LocalDate(year: 2021, month: 1, day: 1))
    }

    func testCodableErrorForBadWireValue() {
        XCTAssertThrowsError(try JSONDecoder().decode([LocalDate].self, from: Data("[\"2021-01-01\", \"x\"]".utf8))) { error in
            XCTAssertEqual(DecodingFailure.describe(error, root: nil), "[1]: expected Date (yyyy-MM-dd), found \"x\"")
        }
    }
}

final class TimestampTests: XCTestCase {
    private func encode(_ timestamp: Timestamp) throws -> String {
        String(decoding: try JSONEncoder().encode([timestamp]), as: UTF8.self)
    }

    private func decode(_ text: String) throws -> Timestamp {
        try JSONDecoder().decode([Timestamp].self, from: Data("[\"\(text)\"]".utf8))[0]
    }

    func testEncodesUTCWithShortestFraction() throws {
        XCTAssertEqual(try encode(Timestamp(seconds: 1_136_214_245, nanoseconds: 0)), "[\"2006-01-02T15:04:05Z\"]")
        XCTAssertEqual(try encode(Timestamp(seconds: 1_136_214_245, nanoseconds: 123_000_000)), "[\"2006-01-02T15:04:05.123Z\"]")
        XCTAssertEqual(try encode(Timestamp(seconds: 1_136_214_245, nanoseconds: 123_456_000)), "[\"2006-01-02T15:04:05.123456Z\"]")
        XCTAssertEqual(try encode(Timestamp(seconds: 1_136_214_245, nanoseconds: 1)), "[\"2006-01-02T15:04:05.000000001Z\"]")
        XCTAssertEqual(try encode(Timestamp(seconds: -1, nanoseconds: 0)), "[\"1969-12-31T23:59:59Z\"]")
    }

    func testEncodesTheEdgesOfTheRange() throws {
        XCTAssertEqual(try encode(Timestamp(seconds: -62_135_596_800, nanoseconds: 0)), "[\"0001-01-01T00:00:00Z\"]")
        XCTAssertEqual(try encode(Timestamp(seconds: 253_402_300_799, nanoseconds: 999_999_999)), "[\"9999-12-31T23:59:59.999999999Z\"]")
    }

    func testRefusesToEncodeOutOfRange() {
        XCTAssertThrowsError(try encode(Timestamp(seconds: 253_402_300_800, nanoseconds: 0))) { error in
            XCTAssertEqual((error as? DataConnectCodecError)?.code, .invalidTimestampFormat)
        }
    }

    func testDecodesFractionsAndOffsets() throws {
        XCTAssertEqual(try decode("2006-01-02T15:04:05Z"), Timestamp(seconds: 1_136_214_245, nanoseconds: 0))
        XCTAssertEqual(try decode("2006-01-02t15:04:05.5z"), Timestamp(seconds: 1_136_214_245, nanoseconds: 500_000_000))
        XCTAssertEqual(try decode("2006-01-02T16:04:05.000000007+01:00"), Timestamp(seconds: 1_136_214_245, nanoseconds: 7))
        XCTAssertEqual(try decode("2006-01-02T10:34:05-04:30"), Timestamp(seconds: 1_136_214_245, nanoseconds: 0))
    }

    func testRejectsMalformedTimestamps() {
        let bad = [
            "2006-01-02 15:04:05Z", "2006-01-02T15:04:05", "2006-01-02T15:04:05.Z", "2006-01-02T15:04:05.1234567890Z",
            "2006-01-02T24:00:00Z", "2006-02-30T00:00:00Z", "2006-01-02T15:04:05+0100", "2006-01-02T15:04:05ZZ", "x",
        ]
        for text in bad {
            XCTAssertThrowsError(try decode(text), text) { error in
                XCTAssertTrue(DecodingFailure.describe(error, root: nil).contains("expected Timestamp (RFC 3339)"), text)
            }
        }
    }

    func testDateConversionsAndNormalisation() {
        let timestamp = Timestamp(date: Date(timeIntervalSince1970: 1.25))
        XCTAssertEqual(timestamp, Timestamp(seconds: 1, nanoseconds: 250_000_000))
        XCTAssertEqual(timestamp.dateValue().timeIntervalSince1970, 1.25)
        XCTAssertEqual(Timestamp(date: Date(timeIntervalSince1970: -0.5)), Timestamp(seconds: -1, nanoseconds: 500_000_000))
        XCTAssertEqual(Timestamp(seconds: 1, nanoseconds: 1_500_000_000), Timestamp(seconds: 2, nanoseconds: 500_000_000))
        XCTAssertEqual(Timestamp(seconds: 1, nanoseconds: -1), Timestamp(seconds: 0, nanoseconds: 999_999_999))
        XCTAssertLessThan(Timestamp(seconds: 1, nanoseconds: 5), Timestamp(seconds: 1, nanoseconds: 6))
        XCTAssertEqual(Timestamp(seconds: 0, nanoseconds: 0).description, "1970-01-01T00:00:00Z")
    }
}

final class AnyValueTests: XCTestCase {
    private struct Profile: Codable, Equatable {
        var name: String
        var tags: [String]
        var score: Double
    }

    func testStoresAndDecodesCodableValues() throws {
        let profile = Profile(name: "Ada", tags: ["x"], score: 1.5)
        let value = try AnyValue(codableValue: profile)
        XCTAssertEqual(String(decoding: value.value, as: UTF8.self), "{\"name\":\"Ada\",\"score\":1.5,\"tags\":[\"x\"]}")
        XCTAssertEqual(try value.decodeValue(Profile.self), profile)
    }

    func testStoresWireFormsOfUUIDAndInt64() throws {
        let value = try AnyValue(codableValue: [Sample.uuid])
        XCTAssertEqual(value.description, "[\"\(Sample.uuidWire)\"]")
        XCTAssertEqual(try value.decodeValue([UUID].self), [Sample.uuid])
        let big = try AnyValue(codableValue: Int64.max)
        XCTAssertEqual(big.description, "\"9223372036854775807\"")
        XCTAssertEqual(try big.decodeValue(Int64.self), Int64.max)
    }

    func testCodesArbitraryJSONFromAResponse() throws {
        let json = "{\"a\": [1, 2.5, true, null, \"s\", {\"b\": {}}]}"
        let value = try JSONDecoder().decode(AnyValue.self, from: Data(json.utf8))
        XCTAssertEqual(value.description, "{\"a\":[1,2.5,true,null,\"s\",{\"b\":{}}]}")
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(value), as: UTF8.self), value.description)
        XCTAssertEqual(value, try JSONDecoder().decode(AnyValue.self, from: Data("{ \"a\":[1,2.5,true,null,\"s\",{\"b\":{}}]}".utf8)))
    }

    func testNullDecodesToNil() throws {
        let value = try JSONDecoder().decode(AnyValue.self, from: Data("null".utf8))
        XCTAssertNil(try value.decodeValue(String.self))
    }

    func testDecodeMismatchNamesThePath() throws {
        let value = try AnyValue(codableValue: Profile(name: "Ada", tags: [], score: 2))
        XCTAssertThrowsError(try value.decodeValue([String].self)) { error in
            let codecError = error as? DataConnectCodecError
            XCTAssertEqual(codecError?.code, .decodingFailed)
            XCTAssertEqual(codecError?.message, "(root): expected Array, found Object")
        }
    }

    func testUnencodableValueThrowsEncodingFailed() {
        XCTAssertThrowsError(try AnyValue(codableValue: Double.nan)) { error in
            XCTAssertEqual((error as? DataConnectCodecError)?.code, .encodingFailed)
        }
    }
}
