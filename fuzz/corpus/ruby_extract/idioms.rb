# Ruby idioms the extractor reads (written for the fuzz corpus).
module Shop
  LIMIT = "cart limit reached".freeze
  class Error < StandardError; end
  class OutOfStock < Error
    def initialize(msg = "item #{name} is out of stock")
      super
    end
  end
  class Expired < Error
    def message = "expired at #{@at}"
  end

  def self.add(item, qty)
    return if item.nil?
    raise ArgumentError, "bad quantity #{qty}\n" if qty <= 0
    raise IOError.new('raw #{x} it\'s')
    fail %(paren #{a} (nested)) unless ok?
    raise KeyError, %Q(missing "#{key}"), caller
    raise OutOfStock
    raise(LimitError, LIMIT) if full?
    msg = "no file: "
    msg += path
    raise IOError, msg
    raise ConfigError, <<~MSG.strip
      config #{path} is invalid:
        expected #{n} entries \t tab
    MSG
    raise format("%-5s %05.2f %<name>s %{x} %%", a, b)
    raise "x %s %d" % [a, b]
    raise "a" \
      "b #{c}" + d
    case kind
    when :a, String then raise "kind #{kind}"
    else warn "unknown", "kind"
    end
  rescue Timeout::Error => e
    logger.error "timeout #{e.message}"
    $stderr.puts "fatal"
    exit 1
  end
end

class CartsController < ApplicationController
  def show
    return render json: { error: "cart #{id} not found" }, status: :not_found if @cart.nil?
    head :forbidden unless allowed?
    halt 404, "no such cart"
    render plain: "slow", status: 429
    errors.add(:price, "must be positive") if price <= 0
    abort("usage: shop PATH")
  end
end
