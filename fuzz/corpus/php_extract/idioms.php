<?php
namespace Acme\Shop;

define('PREFIX', 'shop: ');

class QuotaExceeded extends \RuntimeException
{
    protected $message = 'Quota exceeded.';
    const LIMIT = 'limit of ' . self::MAX;
    const MAX = 10;

    public static function forUser(string $u): self
    {
        return new self(sprintf('User "%s" is over the %2$s %%', $u, self::LIMIT));
    }

    public function __construct(string $plan)
    {
        parent::__construct("Plan {$plan} is full" . PHP_EOL);
        $this->message = "No results for [{$plan}]";
    }
}

function run($file, $mode, $row)
{
    if ($row === null) {
        return;
    }
    $msg = 'Cannot read ' . $file;
    $msg .= " ($mode)";
    $fh = fopen($file, 'r') or die("Cannot open $file\n");
    $x = $cache[$mode] ?? throw new \OutOfBoundsException(message: "No key $mode");
    $v = match ($mode) {
        'a', 'b' => throw new \LogicException('ab'),
        default => 1,
    };
    switch ($row->type) {
        case 'x':
            throw new \RuntimeException($mode ? 'x on' : 'x off');
    }
    try {
        save($row);
    } catch (\PDOException | \LogicException $e) {
        throw new \RuntimeException(<<<MSG
            Save failed for $file:
              {$e->getMessage()} \t done
            MSG, 0, $e);
    }
    trigger_error('Deprecated ' . __METHOD__, E_USER_DEPRECATED);
    abort_if($row->locked, 423, __('Row :id is locked.', ['id' => 1]));
    throw_unless($row->ok, \RuntimeException::class, 'Row not ok');
    $this->logger->error('Payment {id} failed', ['id' => $row->id]);
    $io->writeError('<error>Lock file ' . $file . ' is stale</error>');
    fprintf(STDERR, "%s: %'*10d bad\n", $file, $n);
    assert($mode > 0, 'mode must be positive');
    throw new \RuntimeException($msg);
}
