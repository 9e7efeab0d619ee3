// App code using every scalar of the scalars fixture, in required, optional and list form, as an
// app written for Firebase's SDK would.

import Foundation
import SDKGenDataConnect
import ScalarKitchen

@MainActor
func useScalars(id: UUID) async throws {
    let kitchen = DataConnect.scalarKitchenConnector
    let inserted = try await kitchen.insertRequiredMutation.execute(
        text: "t", count: 1, big: Int64.max, ratio: 0.5, flag: true, ref: UUID(),
        day: LocalDate(year: 2024, month: 2, day: 29), at: Timestamp(date: Date()),
        blob: AnyValue(codableValue: ["a": 1]), mood: .MEH, embedding: [0.1, 0.2, 0.3])
    let key: RequiredKey? = inserted.data?.required_insert
    _ = key

    if let row = try await kitchen.getRequiredQuery.execute(id: id).data?.required {
        let values: (String, Int, Int64, Double, Bool, UUID, LocalDate, Timestamp, AnyValue, Mood, [Double]) =
            (row.text, row.count, row.big, row.ratio, row.flag, row.ref, row.day, row.at, row.blob, row.mood, row.embedding)
        _ = values
        _ = row.requiredKey
    }
    let optionals = try await kitchen.listOptionalQuery.execute {
        $0.text = "t"
        $0.big = 3
        $0.ref = nil
        $0.day = try? LocalDate(localDateString: "2024-01-01")
        $0.mood = .HAPPY
    }
    if let row = optionals.data?.optionals.first {
        let values: (String?, Int?, Int64?, Double?, Bool?, UUID?, LocalDate?, Timestamp?, AnyValue?, Mood?, [Double]?) =
            (row.text, row.count, row.big, row.ratio, row.flag, row.ref, row.day, row.at, row.blob, row.mood, row.embedding)
        _ = values
    }
    let rows = try await kitchen.listRowsQuery.execute(bigs: [1, 2]) { $0.refs = [UUID()] }
    if let row = rows.data?.listRows.first {
        let values: ([String]?, [Int]?, [Int64], [Double], [Bool]?, [UUID]?, [LocalDate]?, [Timestamp]?, [Mood]?) =
            (row.texts, row.counts, row.bigs, row.ratios, row.flags, row.refs, row.days, row.ats, row.moods)
        _ = values
    }
    let event = try await kitchen.getEventQuery.execute(at: Timestamp(seconds: 0, nanoseconds: 0), kind: "k").data?.event
    let keywords: (String?, Int?, Bool?)? = event.map { ($0.default, $0.class, $0.protocol) }
    let eventKey: EventKey? = event?.eventKey
    _ = (keywords, eventKey)
    let newEvent = try await kitchen.insertEventMutation.execute(at: Timestamp(date: Date()), kind: "k") {
        $0.default = "d"
        $0.class = 2
    }
    _ = newEvent.data?.event_insert
    let filtered = try await kitchen.filterOptionalQuery.execute {
        $0.where = Optional_Filter(
            _not: Optional_Filter(big: Int64_Filter(gt: 3)), text: String_Filter(eq: "x", pattern: String_Pattern(regex: "^x")))
        $0.where?._or = [Optional_Filter(ref: UUID_Filter(in: [UUID()]))]
        $0.orderBy = [Optional_Order(text: .ASC)]
    }
    _ = filtered.data?.optionals.first?.optionalOptionalsKey
    let insertedOptional: OptionalKey? = try await kitchen.insertOptionalMutation.execute(
        data: Optional_Data(text: "t", big: 4, mood: .SAD)).data?.optional_insert
    _ = insertedOptional
    let counts = try await kitchen.countRequiredQuery.execute().data?.requireds.first
    let aggregates: (Int, Int64?, Double?, LocalDate?)? = counts.map { ($0._count, $0.big_sum, $0.ratio_avg, $0.day_max) }
    let deleted: Int? = try await kitchen.deleteAllOptionalMutation.execute().data?.optional_deleteMany
    _ = (aggregates, deleted)
}

